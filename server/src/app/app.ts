import pino from 'pino';
import { Accounts } from '../accounts/accounts.ts';
import { Credits } from '../billing/credits.ts';
import { Quota } from '../billing/quota.ts';
import { type Config, loadSecretKey } from '../config/config.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { loggerOptions } from '../core/logger.ts';
import { SecretBox } from '../core/secret-box.ts';
import { EmailFinder } from '../email-finder/service.ts';
import { EMAIL_VALIDATION_BODY } from '../email-validation/run-job.ts';
import { EmailValidation } from '../email-validation/service.ts';
import { emailValidationBodySource } from '../email-validation/views.ts';
import { EXTRACTION_BODY } from '../extractions/run-job.ts';
import { type SeatConnectorFactory, seatConnectors } from '../extractions/seat-connector.ts';
import { Extractions } from '../extractions/service.ts';
import { extractionBodySource } from '../extractions/views.ts';
import { JobQueue } from '../jobs/queue.ts';
import { SandboxClock } from '../recurring/sandbox-clock.ts';
import { RecurringScheduler } from '../recurring/scheduler.ts';
import { RecurringExports } from '../recurring/service.ts';
import { WorldTime } from '../recurring/world-time.ts';
import { salesToolSeatChecker } from '../seats/sales-tool-checker.ts';
import { Seats } from '../seats/seats.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { openStore, type Store } from '../store/store.ts';
import { WebhookViews } from '../webhooks/deliveries.ts';
import { WebhookSecrets } from '../webhooks/secrets.ts';
import { Webhooks } from '../webhooks/webhooks.ts';
import { Worlds, type WorldsOptions } from './worlds.ts';

/** The composition root: one store, the services over it. API, workers and CLI all start here. */
export interface App {
  config: Config;
  clock: Clock;
  store: Store;
  accounts: Accounts;
  credits: Credits;
  quota: Quota;
  seats: Seats;
  box: SecretBox;
  queue: JobQueue;
  webhookSecrets: WebhookSecrets;
  webhooks: Webhooks;
  webhookViews: WebhookViews;
  /** The sandbox and live worlds the verifier reaches (the sandbox mail world starts on first use). */
  worlds: Worlds;
  emailValidation: EmailValidation;
  emailFinder: EmailFinder;
  extractions: Extractions;
  /** A seat's way to the sales tool (its key's world), for extraction work. */
  connectors: SeatConnectorFactory;
  /** Real time for live keys, sandbox time (movable with the sandbox clock) for test keys. */
  worldTime: WorldTime;
  recurring: RecurringExports;
  /** Fires due recurring runs; the worker ticks it, and so does a sandbox clock advance. */
  scheduler: RecurringScheduler;
  sandboxClock: SandboxClock;
  close(): Promise<void>;
}

export async function createApp(
  config: Config,
  opts: { clock?: Clock; migrate?: boolean; worlds?: WorldsOptions } = {},
): Promise<App> {
  const clock = opts.clock ?? systemClock;
  const store = openStore(config.database);
  try {
    if (opts.migrate !== false) await migrateToLatest(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  const accounts = new Accounts(store, clock);
  const credits = new Credits(store, clock);
  const quota = new Quota(store, credits, clock);
  const box = new SecretBox(loadSecretKey(config));
  // Sandbox time runs ahead of the sandbox world's own clock (real time unless a test gives one).
  const worldTime = new WorldTime(store, clock, opts.worlds?.clock ?? systemClock);
  const worlds = new Worlds(config, { ...opts.worlds, toolClock: worldTime.sandboxClock });
  const checker = salesToolSeatChecker((mode) => worlds.salesTool(mode));
  const seats = new Seats(store, quota, box, checker, clock, config.seatDailyLimit);
  const queue = new JobQueue(clock);
  const webhookSecrets = new WebhookSecrets(store, box, clock);
  const webhooks = new Webhooks(queue, clock);
  webhooks.bodies.register(EMAIL_VALIDATION_BODY, emailValidationBodySource);
  const webhookViews = new WebhookViews(store, webhookSecrets);
  const verifier = worlds.verifier.bind(worlds);
  const emailValidation = new EmailValidation({ config, store, credits, queue, clock, verifier });
  const emailFinder = new EmailFinder({ config, store, credits, queue, clock, verifier });
  const connectors = seatConnectors({ seats, salesTool: (mode) => worlds.salesTool(mode) });
  webhooks.bodies.register(EXTRACTION_BODY, extractionBodySource);
  const extractions = new Extractions({ config, store, credits, quota, queue, clock, connectors });
  const recurring = new RecurringExports({ store, quota, clock, worldTime, connectors });
  // Its own logger: a tick may run in the API (a sandbox clock advance) as well as in a worker.
  const scheduler = new RecurringScheduler({
    store,
    credits,
    queue,
    clock,
    worldTime,
    log: pino(loggerOptions(config.logLevel)),
  });
  const sandboxClock = new SandboxClock(worldTime, scheduler, () => (opts.worlds?.clock ?? systemClock).now());
  return {
    config,
    clock,
    store,
    accounts,
    credits,
    quota,
    seats,
    box,
    queue,
    webhookSecrets,
    webhooks,
    webhookViews,
    worlds,
    emailValidation,
    emailFinder,
    extractions,
    connectors,
    worldTime,
    recurring,
    scheduler,
    sandboxClock,
    close: async () => {
      await worlds.close();
      await store.close();
    },
  };
}
