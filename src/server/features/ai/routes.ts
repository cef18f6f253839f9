import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { suggestionRequestSchema, suggestionResponseSchema } from '../../../shared/ai';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requireWorkspace } from '../workspaces';
import { getSuggestions } from './suggest';

export async function aiRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/ai/suggestions',
    { schema: { tags: ['ai'], body: suggestionRequestSchema, response: { 200: suggestionResponseSchema } } },
    async (req) => {
      requireWorkspace(req);
      return getSuggestions({ config: deps.config, input: req.body });
    },
  );
}
