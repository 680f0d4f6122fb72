import { ErrorBodySchema } from '../../../../lib/contract/errors.ts';

/** The error responses every authenticated route documents (api.md: every endpoint can answer 401, and 422 where it validates). */
export const authErrors = { 401: ErrorBodySchema } as const;
export const validatedErrors = { 401: ErrorBodySchema, 422: ErrorBodySchema } as const;
export { ErrorBodySchema };
