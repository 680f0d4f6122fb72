import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Accounts } from '../accounts/accounts.ts';
import type { Quota } from '../billing/quota.ts';
import type { Config } from '../config/config.ts';
import { loggerOptions } from '../core/logger.ts';
import type { EmailFinder } from '../email-finder/service.ts';
import type { EmailValidation } from '../email-validation/service.ts';
import type { Extractions } from '../extractions/service.ts';
import type { SandboxClock } from '../recurring/sandbox-clock.ts';
import type { RecurringExports } from '../recurring/service.ts';
import type { Seats } from '../seats/seats.ts';
import type { Store } from '../store/store.ts';
import type { WebhookViews } from '../webhooks/deliveries.ts';
import { refuseNulCharacters } from './nul-guard.ts';
import { requireApiKey } from './plugins/auth.ts';
import { registerCors } from './plugins/cors.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { installNotFound } from './plugins/not-found.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { contractSerializer } from './plugins/serializer.ts';
import { emailFinderRoutes } from './routes/email-finder.ts';
import { emailValidationRoutes } from './routes/email-validation.ts';
import { extractionRoutes } from './routes/extractions.ts';
import { healthRoutes } from './routes/health.ts';
import { quotaRoutes } from './routes/quota.ts';
import { recurringRoutes } from './routes/recurring.ts';
import { sandboxClockRoutes } from './routes/sandbox-clock.ts';
import { searchBuilderRoutes } from './routes/search-builder.ts';
import { seatRoutes } from './routes/seats.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export interface ApiDeps {
  config: Config;
  store: Store;
  accounts: Accounts;
  quota: Quota;
  seats: Seats;
  webhookViews: WebhookViews;
  emailValidation: EmailValidation;
  emailFinder: EmailFinder;
  extractions: Extractions;
  recurring: RecurringExports;
  sandboxClock: SandboxClock;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** The HTTP API: plugins first (errors, CORS, OpenAPI), then health, then /v1 behind an API key. */
export interface ServerOptions {
  /** false: no logging at all (the OpenAPI generator, most tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildServer(deps: ApiDeps, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(deps.config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: deps.config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false, // genReqId decides: a caller's id is kept only when it is sane
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    // Proxies and load balancers in front of scale-out deployments hold connections open.
    keepAliveTimeout: 65_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installErrorHandler(app);
  installNotFound(app);
  await registerCors(app, deps.config.corsOrigins);
  await registerOpenApi(app);
  healthRoutes(app, deps.store);

  await app.register(
    async (v1) => {
      requireApiKey(v1, deps.accounts);
      refuseNulCharacters(v1);
      await v1.register(quotaRoutes(deps.quota));
      await v1.register(seatRoutes(deps.seats));
      await v1.register(webhookRoutes(deps.webhookViews));
      await v1.register(emailValidationRoutes(deps.emailValidation));
      await v1.register(emailFinderRoutes(deps.emailFinder));
      await v1.register(extractionRoutes(deps.extractions));
      await v1.register(recurringRoutes(deps.recurring));
      await v1.register(sandboxClockRoutes(deps.sandboxClock));
      await v1.register(searchBuilderRoutes);
    },
    { prefix: '/v1' },
  );
  return app;
}
