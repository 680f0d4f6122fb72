import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Verifier } from '../app/worlds.ts';
import type { Credits } from '../billing/credits.ts';
import type { Clock } from '../core/clock.ts';
import { type ProspectJobPayload, prospectJobHandler } from '../jobs/prospect-job.ts';
import type { JobContext, JobHandler } from '../jobs/types.ts';
import {
  chargeableFinds,
  type EmailFinderJobRow,
  type FinderProspectResult,
  failPendingFinderProspects,
  finderJobById,
  lockAccountLedger,
  pendingFinderProspects,
  saveFinderResults,
  updateFinderJob,
  withholdFinds,
} from '../store/email-finder-repo.ts';
import type { DB, KeyKind } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';
import { findPeople, type PersonToFind } from './find-people.ts';
import { FinderKnowledge, type Learning, persistLearnings, storedKnowledge } from './knowledge.ts';
import { prospectOutcome } from './outcome.ts';
import { jobBodyJson } from './views.ts';

export const EMAIL_FINDER_RUN = 'email_finder.run';

export type RunPayload = ProspectJobPayload;

/** Search time spent by earlier attempts, so LEADFORGE_VERIFY_MAX_DURATION bounds the whole job. */
export interface RunCheckpoint {
  elapsedMs: number;
}

export interface RunDeps {
  store: Store;
  credits: Credits;
  webhooks: Webhooks;
  /** The app's clock: the job's timestamps. */
  clock: Clock;
  log: Logger;
  verifier(mode: KeyKind): Promise<Verifier>;
}

/** Results written per transaction; a batch is also written once it is a second old. */
const BATCH = 200;
const BATCH_MAX_AGE_MS = 1_000;

/**
 * Runs a bulk finder job. Its prospects' rows are its checkpoint: only those still pending are
 * searched, so an attempt that follows a crash never searches a finished person again. Results are
 * written in batches, each with what its confirmed finds teach (domain patterns, company domains),
 * so every find is learned from exactly once; the charge, the final state and the webhook message
 * are one fenced transaction. A job out of attempts is recorded failed, with its webhook.
 */
export function emailFinderJob(deps: RunDeps): JobHandler<RunPayload, RunCheckpoint> {
  const finish = async (tx: Kysely<DB>, job: EmailFinderJobRow, error: string | null) => {
    const now = deps.clock.now();
    if (error !== null) await failPendingFinderProspects(tx, job.id, error);
    const credits = await charge(tx, job);
    const status = error === null ? ('complete' as const) : ('failed' as const);
    const patch = {
      status,
      error_message: error,
      credits,
      updated_at: now,
      finished_at: now,
      done_count: job.prospect_count,
    };
    await updateFinderJob(tx, job.id, patch);
    if (!job.webhook_url) return;
    await deps.webhooks.record(tx, {
      accountId: job.account_id,
      mode: job.mode,
      jobId: job.id,
      eventType: `email_finder.${error === null ? 'finished' : 'failed'}`,
      eventKey: 'finished',
      url: job.webhook_url,
      payload: null,
      payloadJson: await jobBodyJson(tx, { ...job, ...patch }),
    });
  };

  /** decisions.md: 1 credit per safe or riskier find, taken now; finds the balance cannot pay for are withheld. */
  const charge = async (tx: Kysely<DB>, job: EmailFinderJobRow): Promise<number> => {
    const finds = (await chargeableFinds(tx, job.id)).map((r) => r.position);
    if (finds.length === 0) return 0;
    await lockAccountLedger(tx, deps.store.caps.rowLocks, job.account_id);
    const { available } = await deps.credits.balance(job.account_id, tx);
    const paid = Math.max(0, Math.min(finds.length, Math.floor(available)));
    if (paid > 0) {
      const memo = `email finder: ${paid} address${paid === 1 ? '' : 'es'} found`;
      await deps.credits.debit(job.account_id, paid, `email_finder:${job.id}`, memo, tx);
    }
    await withholdFinds(tx, job.id, finds.slice(paid));
    return paid;
  };

  return prospectJobHandler({
    kind: EMAIL_FINDER_RUN,
    what: 'email finder job',
    store: deps.store,
    clock: deps.clock,
    byId: finderJobById,
    markRunning: (tx, id, now) => updateFinderJob(tx, id, { status: 'running', updated_at: now }),
    pending: pendingFinderProspects,
    work: (ctx, job, todo) => searchPending(ctx, job, todo, deps),
    finish,
  });
}

async function searchPending(
  ctx: JobContext<RunPayload, RunCheckpoint>,
  job: EmailFinderJobRow,
  todo: Awaited<ReturnType<typeof pendingFinderProspects>>,
  deps: RunDeps,
): Promise<void> {
  const v = await deps.verifier(job.mode);
  const vclock = v.ports.clock;
  const spentBefore = ctx.checkpoint?.elapsedMs ?? 0;
  const started = vclock.now();
  const max = v.options.maxDurationMs;
  const deadline = max === null ? null : started + Math.max(0, max - spentBefore);
  deps.log.info({ jobId: job.id, searching: todo.length, of: job.prospect_count }, 'email finder: searching');
  const writer = new ResultWriter(ctx, job, deps, () => ({ elapsedMs: spentBefore + vclock.now() - started }));
  const people: PersonToFind[] = todo.map((t) => ({
    ref: t.position,
    firstName: t.first_name,
    lastName: t.last_name,
    companyName: t.company_name,
    companyDomain: t.company_domain,
  }));
  await findPeople(people, {
    verifier: v,
    mode: job.mode,
    knowledge: new FinderKnowledge(storedKnowledge(deps.store.db, job.mode)),
    signal: ctx.signal,
    deadline,
    onResult: (person, result, { learning }) => {
      const outcome = prospectOutcome(result);
      const found = result instanceof Error ? null : result;
      writer.add(
        {
          position: person.ref,
          ...outcome,
          reason: found?.reason ?? 'error',
          domain: found?.domain ?? null,
          rcpts: found?.rcpts ?? 0,
        },
        learning,
      );
    },
  });
  await writer.close();
  deps.log.debug({ jobId: job.id, people: people.length, ms: vclock.now() - started }, 'email finder searched');
}

/**
 * Batches results into fenced transactions written behind the search; each batch also stores what
 * its newly written finds teach. A failed write (the lease was lost) stops the run at the next result.
 */
class ResultWriter {
  private buffer: { result: FinderProspectResult; learning: Learning | null }[] = [];
  private writing: Promise<void> | null = null;
  private failure: unknown = null;
  private lastWrite = Date.now();

  constructor(
    private readonly ctx: JobContext<RunPayload, RunCheckpoint>,
    private readonly job: EmailFinderJobRow,
    private readonly deps: RunDeps,
    private readonly checkpoint: () => RunCheckpoint,
  ) {}

  add(result: FinderProspectResult, learning: Learning | null): void {
    if (this.failure) throw this.failure;
    this.buffer.push({ result, learning });
    if (this.buffer.length >= BATCH || Date.now() - this.lastWrite >= BATCH_MAX_AGE_MS) this.kick();
  }

  private kick(): void {
    if (this.writing || this.buffer.length === 0) return;
    const batch = this.buffer.splice(0, BATCH * 4);
    this.lastWrite = Date.now();
    const { store, clock } = this.deps;
    this.writing = this.ctx
      .fenced(async (tx) => {
        const now = clock.now();
        const changed = await saveFinderResults(
          tx,
          this.job.id,
          batch.map((b) => b.result),
          now,
        );
        const learnings = batch.filter((b) => b.learning && changed.has(b.result.position)).map((b) => b.learning);
        await persistLearnings(tx, store.caps.rowLocks, this.job.mode, learnings as Learning[], now);
      })
      .then(() => this.ctx.saveCheckpoint(this.checkpoint()))
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => {
        this.writing = null;
        if (this.buffer.length >= BATCH) this.kick();
      });
  }

  async close(): Promise<void> {
    while (this.writing || (this.buffer.length > 0 && !this.failure)) {
      if (!this.writing) this.kick();
      await this.writing;
    }
    if (this.failure) throw this.failure;
  }
}
