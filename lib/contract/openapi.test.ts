import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/*
 * The service generates its OpenAPI document from these schemas with fastify-type-provider-zod;
 * these tests run the same generator over the whole contract.
 */

type Doc = { components: { schemas: Record<string, unknown> } };

function components(): Record<string, unknown> {
  const transform = createJsonSchemaTransformObject({});
  const doc = transform({
    openapiObject: { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} },
  } as never) as unknown as Doc;
  return doc.components.schemas;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v);
      else refsIn(v, found);
    }
  }
  return found;
}

describe('OpenAPI generation', () => {
  it('names each request and response body as a component', () => {
    const schemas = components();
    for (const id of [
      'UrlExtractionCreateIn',
      'ProfileExtractionCreateIn',
      'SingleExtractionCreateIn',
      'ExtractionCreateOut',
      'ExtractionListItemOut',
      'ExtractionDetailOut',
      'ExtractionInProgressOut',
      'SingleExtractionOut',
      'ProspectRecord',
      'RecurringExportCreateIn',
      'RecurringExportUpdateIn',
      'RecurringExportOut',
      'RecurringExportCreateOut',
      'RecurringExportDeleteOut',
      'EmailFinderIn',
      'EmailFinderOut',
      'EmailFinderJobIn',
      'EmailFinderProspectOut',
      'EmailFinderJobOut',
      'EmailFinderJobInProgressOut',
      'EmailFinderJobAcceptedOut',
      'EmailFinderJobListItem',
      'EmailValidationIn',
      'EmailValidationOut',
      'EmailValidationJobIn',
      'EmailValidationProspectDetail',
      'EmailValidationJobOut',
      'EmailValidationJobInProgressOut',
      'EmailValidationJobAcceptedOut',
      'EmailValidationJobListItem',
      'SearchBuilderIn',
      'SearchBuilderOut',
    ]) {
      expect(schemas, id).toHaveProperty(id);
      expect(schemas, id).toHaveProperty(`${id}Input`);
    }
  });

  it('leaves no $ref dangling (the recursive JSON value included)', () => {
    const schemas = components();
    const prefix = '#/components/schemas/';
    const refs = refsIn(schemas);
    expect(refs).toContain(`${prefix}JsonValue`);
    for (const ref of refs) {
      expect(ref.startsWith(prefix), ref).toBe(true);
      expect(schemas, ref).toHaveProperty(ref.slice(prefix.length));
    }
  });

  it('documents the frequency as its lowercase values on input', () => {
    const schemas = components() as Record<string, { properties: Record<string, unknown> }>;
    expect(schemas.RecurringExportCreateInInput?.properties.frequency).toMatchObject({
      enum: ['daily', 'weekly', 'monthly'],
    });
  });

  it('gives query and path schemas inline, with integer parameters (no $ref swagger cannot expand)', () => {
    const transform = createJsonSchemaTransform({});
    const { schema } = transform({
      url: '/v1/extractions/{extraction_id}/',
      route: {} as never,
      openapiObject: { openapi: '3.1.0' },
      schema: { querystring: contract.ExtractionDetailQuerySchema, params: contract.ExtractionIdParamsSchema },
    } as never) as { schema: { querystring: Record<string, unknown>; params: Record<string, unknown> } };
    expect(schema.querystring).not.toHaveProperty('$ref');
    expect(schema.querystring).toMatchObject({
      type: 'object',
      properties: { start: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 0, maximum: 2500 } },
    });
    expect(schema.querystring.required ?? []).toEqual([]);
    expect(schema.params).toMatchObject({ properties: { extraction_id: { type: 'string' } } });

    for (const query of [
      contract.ExtractionListQuerySchema,
      contract.EmailFinderListQuerySchema,
      contract.ScheduleIdParamsSchema,
    ]) {
      const out = transform({
        url: '/x',
        route: {} as never,
        openapiObject: { openapi: '3.1.0' },
        schema: { querystring: query },
      } as never) as { schema: { querystring: Record<string, unknown> } };
      expect(out.schema.querystring).not.toHaveProperty('$ref');
    }
  });
});
