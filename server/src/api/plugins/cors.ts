import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** `chrome-extension://*` style patterns to a test; `*` matches within one origin only. */
export function originMatcher(patterns: readonly string[]): (origin: string) => boolean {
  const res = patterns.map(
    (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`, 'i'),
  );
  return (origin) => res.some((re) => re.test(origin));
}

/**
 * CORS for the extension: by default only `chrome-extension://` origins are let in
 * (LEADFORGE_CORS_ORIGINS adds or narrows). Web pages get no CORS headers, so a page in the
 * user's browser cannot call the service with a key it has no business holding.
 */
export async function registerCors(app: FastifyInstance, patterns: readonly string[]): Promise<void> {
  const allowed = originMatcher(patterns);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
