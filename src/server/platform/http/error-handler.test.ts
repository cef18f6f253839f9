import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { AppError, ERROR_STATUS, notFound, tooManyRequests } from './errors';

/** The answer to a request that throws `err`, and the lines the app logged meanwhile. */
async function answered(err: Error) {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } } });
  installErrorHandler(app);
  app.get('/', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { res, logged: logged.join('') };
}
const answer = async (err: Error) => (await answered(err)).res;

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

  it('answers with the status, one message and the stable code', async () => {
    const res = await answer(notFound('Upload not found'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Upload not found', code: 'not_found' });
  });

  it('logs the detail of an error and sends only the message meant for the user', async () => {
    const err = new AppError(
      'upstream_failed',
      'Smartlead is having problems.',
      { reason: 'server' },
      'HTTP 503 from api.smartlead.test',
    );
    expect(err.userMessage).toBe('Smartlead is having problems.');
    const { res, logged } = await answered(err);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Smartlead is having problems.',
      code: 'upstream_failed',
      reason: 'server',
    });
    expect(res.body).not.toContain('api.smartlead.test');
    expect(logged).toContain('HTTP 503 from api.smartlead.test');
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
      code: 'internal',
    });
  });
});
