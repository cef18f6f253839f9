import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { workspaceSchema } from '../../../shared/workspaces';
import type { AppInstance } from '../../platform/http/types';
import { requireWorkspace } from './context';

// The list of the person's workspaces and the switch between them are auth's (auth/workspace-routes.ts):
// they read the person and change the session.
export async function workspaceRoutes(app: AppInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/workspaces/current',
    { schema: { tags: ['workspaces'], response: { 200: workspaceSchema } } },
    async (req) => {
      const w = requireWorkspace(req);
      return { id: w.id, name: w.name, role: w.role, personal: w.personal, current: true };
    },
  );
}
