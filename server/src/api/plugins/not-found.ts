import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import { ApiError } from '../../core/errors.ts';
import { sendError } from './error-handler.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (m: string): m is Method => (METHODS as readonly string[]).includes(m);

/**
 * Unknown paths answer 404 NotFound and known paths asked with another method 405
 * MethodNotAllowed (with `Allow`), both in the common error body. Fastify itself answers 404 for
 * both, so a shadow router remembers which methods each path has.
 */
export function installNotFound(app: FastifyInstance): void {
  const known = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (isMethod(m) && !known.hasRoute(m, route.url)) known.on(m, route.url, () => {});
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => known.find(m, path) !== null);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(
        reply,
        new ApiError('MethodNotAllowed', `${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}.`),
      );
    }
    return sendError(reply, new ApiError('NotFound', `No such endpoint: ${request.method} ${path}`));
  });
}
