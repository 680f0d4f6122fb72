import { Accounts } from '../accounts/accounts.ts';
import { Credits } from '../billing/credits.ts';
import { Quota } from '../billing/quota.ts';
import { type Config, loadSecretKey } from '../config/config.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { SecretBox } from '../core/secret-box.ts';
import { Seats } from '../seats/seats.ts';
import { formOnlyChecker } from '../seats/session.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { openStore, type Store } from '../store/store.ts';

/** The composition root: one store, the services over it. API, workers and CLI all start here. */
export interface App {
  config: Config;
  clock: Clock;
  store: Store;
  accounts: Accounts;
  credits: Credits;
  quota: Quota;
  seats: Seats;
  close(): Promise<void>;
}

export async function createApp(config: Config, opts: { clock?: Clock; migrate?: boolean } = {}): Promise<App> {
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
  const seats = new Seats(
    store,
    quota,
    new SecretBox(loadSecretKey(config)),
    formOnlyChecker,
    clock,
    config.seatDailyLimit,
  );
  return { config, clock, store, accounts, credits, quota, seats, close: () => store.close() };
}
