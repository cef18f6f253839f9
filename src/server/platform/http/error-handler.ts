import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from './errors';
import { isMalformedMultipart, MALFORMED_UPLOAD_MESSAGE } from './multipart';

/**
 * Maps every failure to the documented error body (`{ code, message }`, errors.ts); never leaks internals:
 * an AppError's detail goes to the log only, and a 5xx that is not one is "something went wrong".
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // Every "try again later" answer says when, in the standard header as well as the body.
      const retry = err.extra.retryAfterSeconds;
      if (typeof retry === 'number' && !reply.hasHeader('retry-after')) reply.header('retry-after', retry);
      if (err.detail) req.log.warn({ code: err.code, detail: err.detail }, err.userMessage);
      return reply.code(err.statusCode).send(errorBody(err.userMessage, { code: err.code, ...err.extra }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const msg = first?.message ?? 'Invalid request';
      return reply.code(400).send(errorBody(msg, { code: 'bad_request', ...(field ? { field } : {}) }));
    }
    if (isMalformedMultipart(err))
      return reply.code(400).send(errorBody(MALFORMED_UPLOAD_MESSAGE, { code: 'bad_request' }));
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .code(413)
        .send(errorBody('File size must be less than 10MB', { code: 'payload_too_large' }));
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send(errorBody('Something went wrong on our side. Please try again.', { code: 'internal' }));
  });
}
