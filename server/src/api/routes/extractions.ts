import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExtractionCreateOutSchema,
  ExtractionDetailOutSchema,
  ExtractionDetailQuerySchema,
  ExtractionIdParamsSchema,
  ExtractionInProgressOutSchema,
  ExtractionListOutSchema,
  ExtractionListQuerySchema,
  ProfileExtractionCreateInSchema,
  SingleExtractionCreateInSchema,
  SingleExtractionOutSchema,
  UrlExtractionCreateInSchema,
} from '../../../../lib/contract/extractions.ts';
import { ApiError } from '../../core/errors.ts';
import type { Extractions } from '../../extractions/service.ts';
import { ErrorBodySchema, validatedErrors } from './common.ts';

const creationErrors = {
  402: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  ...validatedErrors,
} as const;

/** `?format=csv` or `Accept: text/csv` asks the detail endpoint for CSV (beyond the spec). */
const DetailQuerySchema = ExtractionDetailQuerySchema.extend({
  format: z
    .enum(['json', 'csv'])
    .optional()
    .meta({ description: 'csv: the records as CSV, in column order (beyond the spec).' }),
});

const wantsCsv = (format: string | undefined, accept: string | undefined) =>
  format === 'csv' || (format === undefined && /^\s*text\/csv\b/i.test(accept ?? ''));

/** api.md, "Extraction endpoints"; seats, quota and credits as decisions.md says. */
export const extractionRoutes =
  (extractions: Extractions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/extractions/url/',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'Extract a search or a list',
          description:
            'The URL is read on the seat at once: an unusable search is a 422, a dead seat a 409, a search larger than the seat’s remaining daily quota a 429. Needs a positive balance (402 otherwise); 1 credit per record, held as records are produced and debited when results are ready. When credits run out the extraction goes PAUSED and resumes by itself once credits are added.',
          body: UrlExtractionCreateInSchema,
          response: { 202: ExtractionCreateOutSchema, 503: ErrorBodySchema, ...creationErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await extractions.fromUrl(request.auth, request.body)),
    );

    app.post(
      '/extractions/profiles/',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'Extract a list of leads or accounts',
          description:
            '1 credit per profile submitted; the whole batch is refused (402) when the balance does not cover it.',
          body: ProfileExtractionCreateInSchema,
          response: { 202: ExtractionCreateOutSchema, ...creationErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await extractions.fromProfiles(request.auth, request.body)),
    );

    app.post(
      '/extractions/single/',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'Extract one lead or account now',
          description:
            'Answers 200 with the record when it is ready within about 25 seconds; otherwise 202 with the extraction id to poll. 1 credit.',
          body: SingleExtractionCreateInSchema,
          response: { 200: SingleExtractionOutSchema, 202: ExtractionCreateOutSchema, ...creationErrors },
        },
      },
      async (request, reply) => {
        const answer = await extractions.single(request.auth, request.body);
        return reply.code(answer.status).send(answer.body as never);
      },
    );

    app.get(
      '/extractions/',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'Extractions, newest first',
          querystring: ExtractionListQuerySchema,
          response: { 200: ExtractionListOutSchema, ...validatedErrors },
        },
      },
      async (request) => extractions.list(request.auth.accountId, request.query),
    );

    app.get(
      '/extractions/:extraction_id/',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'An extraction: 202 while running, 200 with its records once executed, failed or paused',
          description:
            '`start` and `limit` page the records (`limit` absent: all of them; 0: counts only). `?format=csv` or `Accept: text/csv` gives the records as CSV in column order (beyond the spec), paged the same way, with a UTF-8 byte order mark and formula-looking cells neutralised as in the extension’s CSV files.',
          params: ExtractionIdParamsSchema,
          querystring: DetailQuerySchema,
          response: {
            200: ExtractionDetailOutSchema,
            202: ExtractionInProgressOutSchema,
            404: ErrorBodySchema,
            ...validatedErrors,
          },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        if (wantsCsv(format, request.headers.accept)) {
          const found = await extractions.csv(request.auth.accountId, request.params.extraction_id, query);
          if (found.status === 202) return reply.code(202).send(found.body);
          return reply
            .code(200)
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="extraction-${request.params.extraction_id}.csv"`)
            .send(Readable.from(found.csv) as never);
        }
        const found = await extractions.detail(request.auth.accountId, request.params.extraction_id, query);
        if (found.status === 202) return reply.code(202).send(found.body);
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(Readable.from(found.json) as never);
      },
    );

    app.post(
      '/extractions/:extraction_id/enrich',
      {
        schema: {
          tags: ['Extractions'],
          summary: 'Removed: always 422',
          description:
            'Deprecated and removed: every lead extraction already finds and verifies emails (enrich_email).',
          deprecated: true,
          params: ExtractionIdParamsSchema,
          response: { ...validatedErrors },
        },
      },
      async () => {
        throw new ApiError(
          'ValidationError',
          'This endpoint was removed: choose enrich_email (none, matching or all) when you create the extraction.',
          {
            details: [
              { field: 'params.extraction_id', rule: 'endpoint_removed', message: 'enrichment is chosen at creation' },
            ],
          },
        );
      },
    );
  };
