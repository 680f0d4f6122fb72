import { z } from 'zod';

/**
 * The error registry of decisions.md: each `error.type` with the one HTTP status it is sent with.
 * Types marked "beyond the spec" cover HTTP-level failures the spec does not name
 * (see docs/decisions.md).
 */
export const ERROR_STATUS = {
  AuthenticationError: 401,
  InsufficientCredits: 402,
  NotFound: 404,
  MethodNotAllowed: 405, // beyond the spec
  NoUsableSeat: 409,
  PayloadTooLarge: 413, // beyond the spec
  UnsupportedMediaType: 415, // beyond the spec
  ValidationError: 422,
  QuotaExceeded: 429,
  RateLimited: 429,
  InternalError: 500,
  DependencyUnavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export const errorTypes = Object.keys(ERROR_STATUS) as [ErrorType, ...ErrorType[]];
export const ErrorTypeSchema = z.enum(errorTypes);

/** One failing field of a 422: where it is (dotted path, e.g. `body.prospects.3.email`) and the rule it broke. */
export const ValidationIssueSchema = z
  .object({
    field: z.string().meta({ description: 'Dotted path of the failing field, starting with body, query or params.' }),
    rule: z.string().meta({ description: 'Machine-readable rule name, e.g. required, too_small, invalid_format.' }),
    message: z.string(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The common error body of the spec: `{"success": false, "error": {"type", "message"}}`. */
export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      type: ErrorTypeSchema,
      message: z.string(),
      details: z
        .array(ValidationIssueSchema)
        .optional()
        .meta({ description: 'On a 422: every failing field with its rule.' }),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
