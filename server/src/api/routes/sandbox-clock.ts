import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { durationMs, SandboxClockAdvanceInSchema, SandboxClockOutSchema } from '../../../../lib/contract/recurring.ts';
import type { AuthContext } from '../../accounts/accounts.ts';
import { ApiError } from '../../core/errors.ts';
import type { SandboxClock } from '../../recurring/sandbox-clock.ts';
import { ErrorBodySchema, validatedErrors } from './common.ts';

const testKeyOnly = (auth: AuthContext) => {
  if (auth.mode !== 'test') {
    throw new ApiError('NotFound', 'The sandbox clock exists for lf_test_ keys only; live keys run in real time.');
  }
};

/** Beyond the spec: sandbox time, movable forward, as payment APIs' test clocks are (docs/decisions.md). */
export const sandboxClockRoutes =
  (clock: SandboxClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/clock/',
      {
        schema: {
          tags: ['Sandbox'],
          summary: 'Read sandbox time (lf_test_ keys)',
          description: 'Beyond the spec. The time the sandbox world and test-key schedules run in. Live keys: 404.',
          response: { 200: SandboxClockOutSchema, 404: ErrorBodySchema, ...validatedErrors },
        },
      },
      async (request) => {
        testKeyOnly(request.auth);
        return clock.read();
      },
    );

    app.post(
      '/sandbox/clock/',
      {
        schema: {
          tags: ['Sandbox'],
          summary: 'Move sandbox time forward (lf_test_ keys)',
          description:
            'Beyond the spec. Moves the sandbox world’s time forward (90m, 12h, 7d; at most 366d a call) for every test key of this install: its people change jobs and appear as that time passes, and the recurring runs that came due are made before the answer (one run per schedule, however many run times were passed). Live keys: 404.',
          body: SandboxClockAdvanceInSchema,
          response: { 200: SandboxClockOutSchema, 404: ErrorBodySchema, ...validatedErrors },
        },
      },
      async (request) => {
        testKeyOnly(request.auth);
        return clock.advance(durationMs(request.body.advance));
      },
    );
  };
