import { ERROR_STATUS, type ErrorType, type ValidationIssue } from '../../../lib/contract/errors.ts';

/**
 * The one error class the service throws for an expected failure. Its `type` is an entry of the
 * registry in lib/contract/errors.ts, which fixes the HTTP status; the API's error hook renders it
 * as the spec's common error body. Anything else thrown is a bug and becomes a 500 InternalError.
 */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly details: ValidationIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    type: ErrorType,
    message: string,
    opts: { details?: ValidationIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = ERROR_STATUS[type];
    this.details = opts.details;
    this.headers = opts.headers ?? {};
  }
}

export const notFound = (what: string) => new ApiError('NotFound', `${what} not found`);
