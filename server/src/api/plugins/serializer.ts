import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema (the same document the OpenAPI generator publishes). It writes only the properties the
 * contract declares, so a field a handler should not expose can never leak, and it is several
 * times cheaper than parsing every response with zod before JSON.stringify, which was a sixth of
 * GET /v1/quota/'s CPU (server/bench/README.md). The contract's tests parse real responses with
 * the zod schemas, so the shapes themselves stay checked.
 */
export const contractSerializer: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
