import type { FastifyInstance } from 'fastify';
import { ping, type Store } from '../../store/store.ts';

/** Liveness (the process answers) and readiness (it can reach its database). No key needed. */
export function healthRoutes(app: FastifyInstance, store: Store): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(store);
      return { status: 'ready', database: store.caps.dialect };
    } catch {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          success: false,
          error: { type: 'DependencyUnavailable', message: 'The database cannot be reached.' },
        });
    }
  });
}
