import { z } from 'zod';

/*
 * Building blocks shared by several areas of the contract. Parameter schemas (path and query) never
 * carry a `.meta({ id })`: @fastify/swagger expands them into OpenAPI parameters and cannot follow a
 * `$ref` to a component there.
 */

/** Any JSON value. Named so that its recursion becomes a `$ref` to one component. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const JsonValueSchema: z.ZodType<JsonValue> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(JsonValueSchema),
      z.record(z.string(), JsonValueSchema),
    ]),
  )
  .meta({ id: 'JsonValue', description: 'Any JSON value.' });

/**
 * A webhook address: an absolute `https://` or `http://` URL of at most 500 characters (api.md).
 * decisions.md makes HTTPS the rule, with loopback http for sandbox keys when the operator allows
 * it; that rule, and whether the host resolves to an internal address, are the service's checks (at
 * creation and at delivery), since only the service knows the key's mode and its settings.
 */
export const WebhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
  // `https:host` parses as a URL too; require the `//` authority form.
  .refine((v) => /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#]/i.test(v), 'must be an https:// URL')
  .max(500)
  .meta({
    description:
      'HTTPS URL the finished job is POSTed to (same body as the retrieve endpoint). Must not point to an internal address; http only to loopback, for sandbox keys, when the service allows it.',
  });

/** A webhook field of a create body: optional; null is taken as absent. */
export const optionalWebhookUrl = () => WebhookUrlSchema.nullable().optional();

/** A name given by the caller: trimmed, 1 to 255 characters. */
export const nameSchema = (description: string) => z.string().trim().min(1).max(255).meta({ description });

/**
 * A name of 1 to 255 characters without control characters: a NUL cannot be stored in
 * PostgreSQL text (it was a 500 there), and no other control character belongs in a name.
 */
export const plainNameSchema = (description: string) =>
  nameSchema(description).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

/** A non-negative integer query parameter (query values arrive as strings). */
export const queryOffset = () => z.coerce.number().int().min(0).default(0);

/** A page size query parameter, 1..max. */
export const queryLimit = (max: number, dflt: number) => z.coerce.number().int().min(1).max(max).default(dflt);

/** `limit` / `offset` of the email finder and email validation job lists. */
export const JobListQuerySchema = z
  .object({
    limit: queryLimit(100, 25).meta({ description: 'Page size, 1 to 100.' }),
    offset: queryOffset().meta({ description: 'Jobs to skip, newest first.' }),
  })
  .strict();
export type JobListQuery = z.output<typeof JobListQuerySchema>;

/** A 0..100 progress percentage. */
export const progressSchema = () => z.int().min(0).max(100);
