import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../../tests/helpers/test-app';
it('dump', async () => {
  const t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  writeFileSync('.tmp/openapi.json', res.body);
  writeFileSync('.tmp/routes.txt', t.app.printRoutes({ commonPrefix: false }));
  await t.close();
});
