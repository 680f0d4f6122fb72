// A separate process that spends credits as fast as it can, for the multi-process ledger tests.
// Usage: node --import tsx credit-hammer.ts <accountId> <operations> <keyPrefix>  (DATABASE_URL in env)
import { Credits } from '../../src/billing/credits.ts';
import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/core/clock.ts';
import { ApiError } from '../../src/core/errors.ts';
import { openStore } from '../../src/store/store.ts';

const [accountId = '', ops = '0', prefix = ''] = process.argv.slice(2);
const store = openStore(loadConfig().database);
const credits = new Credits(store, systemClock);
let spent = 0;
let refused = 0;

await Promise.all(
  Array.from({ length: Number(ops) }, async (_, i) => {
    try {
      if (i % 2 === 0) {
        await credits.debit(accountId, 1, `${prefix}-d${i}`);
      } else {
        // hold, then commit the hold: two entries under the lock, one credit spent
        const hold = await credits.hold(accountId, 1, `${prefix}-h${i}`);
        await credits.commitHold(accountId, hold.id, `${prefix}-c${i}`);
      }
      spent += 1;
    } catch (err) {
      if (!(err instanceof ApiError && err.type === 'InsufficientCredits')) throw err;
      refused += 1;
    }
  }),
);
await store.close();
process.stdout.write(`${JSON.stringify({ spent, refused })}\n`);
