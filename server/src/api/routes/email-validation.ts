import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailValidationInSchema,
  EmailValidationJobAcceptedOutSchema,
  EmailValidationJobInProgressOutSchema,
  EmailValidationJobInSchema,
  EmailValidationJobListOutSchema,
  EmailValidationJobOutSchema,
  EmailValidationListQuerySchema,
  EmailValidationOutSchema,
} from '../../../../lib/contract/email-validation.ts';
import type { EmailValidation } from '../../email-validation/service.ts';
import { authErrors, ErrorBodySchema, validatedErrors } from './common.ts';

const JobIdParamsSchema = z.object({ id: z.string().meta({ description: 'The job id returned at creation.' }) });

/** api.md, "Email validation endpoints"; credits as decisions.md says (0.5 per address, rounded up, at acceptance). */
export const emailValidationRoutes =
  (validation: EmailValidation): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/email-validation/single/',
      {
        schema: {
          tags: ['Email validation'],
          summary: 'Verify one address now',
          description:
            'Costs 1 credit, taken before the check (402 when the balance does not cover it). `lf_test_` keys verify against the sandbox mail world. Each result carries `details` (beyond the spec): the stage results and reasons behind the verdict.',
          body: EmailValidationInSchema,
          response: { 200: EmailValidationOutSchema, 402: ErrorBodySchema, ...validatedErrors },
        },
      },
      async (request) => validation.single(request.auth, request.body.email),
    );

    app.post(
      '/email-validation/',
      {
        schema: {
          tags: ['Email validation'],
          summary: 'Verify up to 100 000 addresses in a background job',
          description:
            '0.5 credit per address, rounded up per request, taken at acceptance (402 when not covered). A null email is a failed prospect and costs nothing. `webhook_url` receives the finished (or failed) job, the body of the retrieve endpoint.',
          body: EmailValidationJobInSchema,
          response: { 202: EmailValidationJobAcceptedOutSchema, 402: ErrorBodySchema, ...validatedErrors },
        },
      },
      async (request, reply) => {
        const { jobId, count } = await validation.create(request.auth, request.body);
        const message = `Job accepted: ${count} address${count === 1 ? '' : 'es'} to verify.`;
        return reply.code(202).send({ success: true as const, job_id: jobId, message });
      },
    );

    app.get(
      '/email-validation/',
      {
        schema: {
          tags: ['Email validation'],
          summary: 'Email validation jobs, newest first',
          querystring: EmailValidationListQuerySchema,
          response: { 200: EmailValidationJobListOutSchema, ...validatedErrors },
        },
      },
      async (request) => validation.list(request.auth.accountId, request.query),
    );

    app.get(
      '/email-validation/:id/',
      {
        schema: {
          tags: ['Email validation'],
          summary: 'An email validation job: 202 while pending or running, 200 with every prospect once finished',
          params: JobIdParamsSchema,
          response: {
            200: EmailValidationJobOutSchema,
            202: EmailValidationJobInProgressOutSchema,
            404: ErrorBodySchema,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const found = await validation.retrieve(request.auth.accountId, request.params.id);
        if (found.status === 202) return reply.code(202).send(found.body);
        // Already JSON, streamed page by page from the stored rows (a job can hold 100 000 prospects).
        // The typed reply expects the object form of the same body.
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(Readable.from(found.json) as never);
      },
    );
  };
