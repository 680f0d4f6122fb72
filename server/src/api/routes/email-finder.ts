import { Readable } from 'node:stream';
import formbody from '@fastify/formbody';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailFinderInSchema,
  EmailFinderJobAcceptedOutSchema,
  EmailFinderJobInProgressOutSchema,
  EmailFinderJobInSchema,
  EmailFinderJobListOutSchema,
  EmailFinderJobOutSchema,
  EmailFinderListQuerySchema,
  EmailFinderOutSchema,
} from '../../../../lib/contract/email-finder.ts';
import { ApiError } from '../../core/errors.ts';
import type { EmailFinder } from '../../email-finder/service.ts';
import { authErrors, ErrorBodySchema, validatedErrors } from './common.ts';

const JobIdParamsSchema = z.object({ id: z.string().meta({ description: 'The job id returned at creation.' }) });

/** Form fields are names and domains: a few short values, never files (a file part is a 422 on its field). */
const MULTIPART_LIMITS = { fields: 10, fieldSize: 2048, files: 1, fileSize: 2048, parts: 12 };

/** A file where a name or a domain is expected: the first one ends the request, naming its field. */
async function refuseFile(part: MultipartFile): Promise<never> {
  part.file.resume(); // drained, not read: nothing of it is kept
  const field = `body.${part.fieldname}`;
  const message = 'must be a text field, not a file';
  throw new ApiError('ValidationError', `Invalid request. ${field}: ${message} (invalid_type)`, {
    details: [{ field, rule: 'invalid_type', message }],
  });
}

/** api.md, "Email finder endpoints"; credits as decisions.md says (1 per safe or riskier address found). */
export const emailFinderRoutes =
  (finder: EmailFinder): FastifyPluginAsyncZod =>
  async (app) => {
    // The single lookup also takes form-encoded and multipart bodies (api.md). The parsers are
    // registered in this inner plugin only, so every other route still answers 415 to them.
    await app.register(async (forms) => {
      await forms.register(formbody);
      await forms.register(multipart, {
        attachFieldsToBody: 'keyValues',
        limits: MULTIPART_LIMITS,
        onFile: refuseFile,
      });
      forms.withTypeProvider<ZodTypeProvider>().post(
        '/email-finder/single/',
        {
          schema: {
            tags: ['Email finder'],
            summary: "Find one person's address now",
            description:
              'A first and a last name, and a company name or domain (both give the best result). Takes JSON, form-encoded or multipart bodies. 1 credit when the address found is `safe` or `riskier`, nothing otherwise; an address the balance cannot pay for is withheld (the prospect is failed with `insufficient_credits`). `lf_test_` keys search the sandbox mail world.',
            consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
            body: EmailFinderInSchema,
            response: { 200: EmailFinderOutSchema, ...validatedErrors },
          },
        },
        async (request) => finder.single(request.auth, request.body),
      );
    });

    app.post(
      '/email-finder/',
      {
        schema: {
          tags: ['Email finder'],
          summary: 'Find the addresses of up to 10 000 people in a background job',
          description:
            '1 credit per address found whose verdict is `safe` or `riskier`, taken when the job finishes; a found address the balance cannot pay for then is withheld (the prospect is failed with `insufficient_credits`). `webhook_url` receives the finished (or failed) job, the body of the retrieve endpoint.',
          body: EmailFinderJobInSchema,
          response: { 202: EmailFinderJobAcceptedOutSchema, ...validatedErrors },
        },
      },
      async (request, reply) => {
        const { jobId, count } = await finder.create(request.auth, request.body);
        const message = `Job accepted: ${count} ${count === 1 ? 'person' : 'people'} to find.`;
        return reply.code(202).send({ success: true as const, job_id: jobId, message });
      },
    );

    app.get(
      '/email-finder/',
      {
        schema: {
          tags: ['Email finder'],
          summary: 'Email finder jobs, newest first',
          querystring: EmailFinderListQuerySchema,
          response: { 200: EmailFinderJobListOutSchema, ...validatedErrors },
        },
      },
      async (request) => finder.list(request.auth.accountId, request.query),
    );

    app.get(
      '/email-finder/:id/',
      {
        schema: {
          tags: ['Email finder'],
          summary: 'An email finder job: 202 while pending or running, 200 with every prospect once finished',
          params: JobIdParamsSchema,
          response: {
            200: EmailFinderJobOutSchema,
            202: EmailFinderJobInProgressOutSchema,
            404: ErrorBodySchema,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const found = await finder.retrieve(request.auth.accountId, request.params.id);
        if (found.status === 202) return reply.code(202).send(found.body);
        // Already JSON, streamed page by page from the stored rows. The typed reply expects the object form.
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(Readable.from(found.json) as never);
      },
    );
  };
