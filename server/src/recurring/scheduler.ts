/**
 * The scheduler tick. Each schedule whose next run has come is claimed with one conditional update
 * (its next date moves on only if it still holds the value read), in the same transaction that
 * makes the run and enqueues its job: two schedulers ticking at once never fire a run twice, and a
 * crash before the commit leaves the run to the next tick, whole.
 *
 * What a due schedule does (decisions.md, "Recurring exports"):
 * - active, with a connected seat and a positive balance: one run, holding the leads new since the
 *   previous point; the next date moves to the first run time after now;
 * - active, without one of them: no run (the reason is kept on the schedule); the next date still
 *   moves on, and the leads wait for the next run: the previous point does not move;
 * - paused: no run; the date moves on, so the list stays in order of the runs to come;
 * - overdue by several run times (the service was down, or sandbox time jumped): one run for all
 *   of them, as nothing is lost by it and a burst of near-empty runs helps nobody.
 */
import type { Logger } from 'pino';
import type { Credits } from '../billing/credits.ts';
import type { Clock } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import { insertExtractionWithJob, notStarted } from '../extractions/enqueue.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { extractionById } from '../store/extractions-repo.ts';
import { claimDueRun, dueSchedules, type ScheduleRow } from '../store/recurring-repo.ts';
import type { KeyKind, SkipReason } from '../store/schema.ts';
import { seatById } from '../store/seats-repo.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { nextRunAfter } from './cadence.ts';
import type { WorldTime } from './world-time.ts';

export interface SchedulerDeps {
  store: Store;
  credits: Credits;
  queue: JobQueue;
  clock: Clock;
  worldTime: WorldTime;
  log?: Logger;
}

/** Schedules read at a time. */
const BATCH = 100;

export type TickOutcome = 'fired' | 'skipped' | 'paused' | 'lost';

export class RecurringScheduler {
  constructor(private readonly deps: SchedulerDeps) {}

  /** Fires every due run of both worlds (or of one); returns how many runs it made. */
  async tick(modes: readonly KeyKind[] = ['live', 'test']): Promise<number> {
    let fired = 0;
    for (const mode of modes) {
      const now = await this.deps.worldTime.now(mode);
      // Every schedule handled leaves the due set (its date moved on, by this tick or another), so
      // batch after batch ends. One that fails is logged and left for the next tick; it does not
      // hold up the others, and a batch of nothing but failures ends the tick.
      for (;;) {
        const due = await dueSchedules(this.deps.store.db, mode, now, BATCH);
        let failed = 0;
        for (const schedule of due) {
          try {
            if ((await this.due(schedule, now)) === 'fired') fired++;
          } catch (error) {
            failed++;
            this.deps.log?.error({ err: error, schedule: schedule.id }, 'recurring run could not be made');
          }
        }
        if (due.length < BATCH || failed === due.length) break;
      }
    }
    return fired;
  }

  /** One due schedule: claimed, then run, skipped or moved on; 'lost' when another scheduler had it. */
  async due(schedule: ScheduleRow, now: number): Promise<TickOutcome> {
    const next = nextRunAfter(schedule.anchor_at, schedule.frequency, now);
    const outcome = await writeTransaction(this.deps.store, schedule.account_id, async (tx): Promise<TickOutcome> => {
      if (schedule.status === 'paused') {
        return (await claimDueRun(tx, schedule, { next_run_at: next })) ? 'paused' : 'lost';
      }
      const skip = await this.skipReason(tx, schedule);
      if (skip) {
        const claimed = await claimDueRun(tx, schedule, {
          next_run_at: next,
          last_skipped_at: now,
          last_skip_reason: skip,
          updated_at: now,
        });
        return claimed ? 'skipped' : 'lost';
      }
      if (!(await claimDueRun(tx, schedule, { next_run_at: next, last_run_at: now, updated_at: now }))) return 'lost';
      const template = await extractionById(tx, schedule.template_extraction_id);
      if (!template) throw new Error(`schedule ${schedule.id} has no template extraction`);
      const real = this.deps.clock.now();
      await insertExtractionWithJob(tx, this.deps.queue, {
        ...template,
        id: newId(),
        seat_id: schedule.seat_id,
        status: 'ACCEPTED',
        ...notStarted(real),
        schedule_id: schedule.id,
        window_from: null,
        window_to: null,
      });
      return 'fired';
    });
    if (outcome === 'skipped') this.deps.log?.info({ schedule: schedule.id }, 'recurring run skipped');
    return outcome;
  }

  private async skipReason(tx: Parameters<typeof seatById>[0], schedule: ScheduleRow): Promise<SkipReason | null> {
    const seat = await seatById(tx, schedule.account_id, schedule.seat_id);
    if (seat?.status !== 'valid') return 'no_usable_seat';
    if ((await this.deps.credits.balance(schedule.account_id, tx)).available <= 0) return 'insufficient_credits';
    return null;
  }
}

/** Ticks every `everyMs` until stopped; a failed tick is logged and the next one tries again. */
export function startSchedulerLoop(
  scheduler: RecurringScheduler,
  everyMs: number,
  log: Logger,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = scheduler
      .tick()
      .then(
        () => {},
        (error: unknown) => log.error({ err: error }, 'scheduler tick failed'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, everyMs);
      });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
