import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { AppError, ERROR_STATUS, notFound, tooManyRequests } from './errors';

async function answer(err: Error) {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('error codes', () => {
  it('maps each code to its HTTP status through the one table', () => {
    expect(new AppError('upstream_failed', 'x').statusCode).toBe(502);
    expect(new AppError('not_configured', 'x').statusCode).toBe(503);
    expect(
      Object.entries(ERROR_STATUS).every(
        ([code, status]) => new AppError(code as never, '').statusCode === status,
      ),
    ).toBe(true);
  });

  it('answers with the status, both message fields and the stable code', async () => {
    const res = await answer(notFound('Upload not found'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Upload not found', error: 'Upload not found', code: 'not_found' });
  });

  it('keeps extra fields and says when to come back', async () => {
    const res = await answer(tooManyRequests('Slow down.', { retryAfterSeconds: 7 }));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it('never shows an unexpected failure to the user', async () => {
    const res = await answer(new Error('db password is hunter2'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      error: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    });
  });
});
