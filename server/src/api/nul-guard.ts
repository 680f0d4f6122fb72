import type { FastifyInstance } from 'fastify';
import { ApiError } from '../core/errors.ts';

/** Walks a parsed body or query; the dotted path of the first string holding a NUL, if any. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A NUL character cannot be stored in PostgreSQL text (it was a 500 there, for any name or person
 * field), and no field of the contract has a use for one: every request holding one, in its body or
 * its query, is a 422 naming the field, before any route sees it.
 */
export function refuseNulCharacters(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    const field = nulAt(request.body, 'body') ?? nulAt(request.query, 'query');
    if (!field) return;
    throw new ApiError('ValidationError', `Invalid request. ${field}: must not contain the NUL character.`, {
      details: [{ field, rule: 'no_nul_character', message: 'must not contain the NUL character' }],
    });
  });
}
