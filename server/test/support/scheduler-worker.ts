// A service worker process for the racing-schedulers test: the real scheduler loop (ticking every
// 20 ms, so that two of them often look at the same due run) and the real extraction job, over the
// recurring tests' sandbox world with its own simulated sales tool. The sandbox clock and the
// saved searches come from the database and the data directory the test shares with it.
// Usage: node --import tsx scheduler-worker.ts   (DATABASE_URL, LEADFORGE_SECRET_KEY, LEADFORGE_DATA_DIR in env)
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { createWorker } from '../../src/app/worker.ts';
import { loadConfig } from '../../src/config/config.ts';
import { startSchedulerLoop } from '../../src/recurring/scheduler.ts';
import { RECURRING_WORLDS } from './recurring.ts';

const app = await createApp(loadConfig(), { worlds: RECURRING_WORLDS });
const log = pino({ level: 'warn' });
const worker = createWorker(app, log);
worker.start();
startSchedulerLoop(app.scheduler, 20, log);
process.stdout.write(`scheduler ready ${worker.owner}\n`);
