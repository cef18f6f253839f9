import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether cookies set for this request must be Secure (HTTPS, directly or behind a proxy). */
    secureCookie(req: FastifyRequest): boolean;
  }
}

export type AppInstance = FastifyInstance;
