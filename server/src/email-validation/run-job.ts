import type { Logger } from 'pino';
import type { Verifier } from '../app/worlds.ts';
import type { Clock } from '../core/clock.ts';
import { type ProspectJobPayload, prospectJobHandler } from '../jobs/prospect-job.ts';
import type { JobContext, JobHandler } from '../jobs/types.ts';
import {
  type EmailValidationJobRow,
  failPendingProspects,
  type ProspectResult,
  pendingProspects,
  saveProspectResults,
  updateValidationJob,
  validationJobById,
} from '../store/email-validation-repo.ts';
import type { KeyKind } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import { type VerificationResult, verifyEmails } from '../verify/index.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';
import { detailsOf } from './views.ts';

export const EMAIL_VALIDATION_RUN = 'email_validation.run';
/** The webhook body source of a finished job (views.ts, emailValidationBodySource; registered by app.ts). */
export const EMAIL_VALIDATION_BODY = 'email_validation';

export type RunPayload = ProspectJobPayload;

/** Verification time spent by earlier attempts, so LEADFORGE_VERIFY_MAX_DURATION bounds the whole job. */
export interface RunCheckpoint {
  elapsedMs: number;
}

export interface RunDeps {
  store: Store;
  webhooks: Webhooks;
  /** The app's clock: the job's timestamps. */
  clock: Clock;
  log: Logger;
  verifier(mode: KeyKind): Promise<Verifier>;
}

/**
 * Addresses in the engine's work at once: a job's memory follows this, not the job's size (a
 * 100 000-address job would otherwise hold every prepared address from the start).
 */
const VERIFY_WINDOW = 10_000;

/** Results written per transaction; a batch is also written once it is a second old. */
const BATCH = 500;
const BATCH_MAX_AGE_MS = 1_000;

/**
 * Runs a bulk validation job. Its prospects' rows are its checkpoint: only those still pending are
 * verified, so an attempt that follows a crash never verifies a finished address again. Results are
 * written in batches as they become final (with the progress); the final state and the webhook
 * message are one fenced transaction. A job out of attempts is recorded failed, with its webhook.
 */
export function emailValidationJob(deps: RunDeps): JobHandler<RunPayload, RunCheckpoint> {
  const finish = async (
    tx: Parameters<Parameters<JobContext['fenced']>[0]>[0],
    job: EmailValidationJobRow,
    error: string | null,
  ) => {
    const now = deps.clock.now();
    if (error !== null) await failPendingProspects(tx, job.id, error);
    const status = error === null ? ('complete' as const) : ('failed' as const);
    const patch = { status, error_message: error, updated_at: now, finished_at: now, done_count: job.prospect_count };
    await updateValidationJob(tx, job.id, patch);
    if (!job.webhook_url) return;
    await deps.webhooks.record(tx, {
      accountId: job.account_id,
      mode: job.mode,
      jobId: job.id,
      eventType: `email_validation.${error === null ? 'finished' : 'failed'}`,
      eventKey: 'finished',
      url: job.webhook_url,
      bodySource: { source: EMAIL_VALIDATION_BODY, id: job.id },
    });
  };

  return prospectJobHandler({
    kind: EMAIL_VALIDATION_RUN,
    what: 'email validation job',
    store: deps.store,
    clock: deps.clock,
    byId: validationJobById,
    markRunning: (tx, id, now) => updateValidationJob(tx, id, { status: 'running', updated_at: now }),
    pending: pendingProspects,
    work: (ctx, job, todo) => verifyPending(ctx, job, todo, deps),
    finish,
  });
}

async function verifyPending(
  ctx: JobContext<RunPayload, RunCheckpoint>,
  job: EmailValidationJobRow,
  todo: { position: number; email: string | null }[],
  deps: RunDeps,
): Promise<void> {
  const v = await deps.verifier(job.mode);
  const vclock = v.ports.clock;
  const spentBefore = ctx.checkpoint?.elapsedMs ?? 0;
  const started = vclock.now();
  const maxDurationMs = v.options.maxDurationMs === null ? null : Math.max(0, v.options.maxDurationMs - spentBefore);
  deps.log.info({ jobId: job.id, verifying: todo.length, of: job.prospect_count }, 'email validation: verifying');
  const writer = new ResultWriter(ctx, job.id, deps.clock, () => ({ elapsedMs: spentBefore + vclock.now() - started }));
  // Two flat arrays instead of a row object per prospect: a 100 000-address job keeps them all along.
  const emails = todo.map((t) => t.email ?? '');
  const positions = Int32Array.from(todo, (t) => t.position);
  todo.length = 0;
  await verifyEmails(
    emails,
    v.ports,
    { ...v.options, maxDurationMs },
    {
      state: v.state,
      signal: ctx.signal,
      keepResults: false,
      window: VERIFY_WINDOW,
      onResult: (result, index) => writer.add(positions[index] as number, result),
    },
  );
  await writer.close();
  deps.log.debug({ jobId: job.id, addresses: emails.length, ms: vclock.now() - started }, 'email validation verified');
}

/**
 * Batches results into fenced transactions written behind the verification (the engine is not held
 * up by the database); a failed write (the lease was lost) stops the run at the next result.
 */
class ResultWriter {
  private buffer: ProspectResult[] = [];
  private writing: Promise<void> | null = null;
  private failure: unknown = null;
  private lastWrite: number;

  constructor(
    private readonly ctx: JobContext<RunPayload, RunCheckpoint>,
    private readonly jobId: string,
    private readonly clock: Clock,
    private readonly checkpoint: () => RunCheckpoint,
  ) {
    this.lastWrite = Date.now();
  }

  add(position: number, result: VerificationResult): void {
    if (this.failure) throw this.failure;
    this.buffer.push({
      position,
      status: 'complete',
      email_validity: result.verdict,
      error_message: null,
      details: JSON.stringify(detailsOf(result)),
    });
    if (this.buffer.length >= BATCH || Date.now() - this.lastWrite >= BATCH_MAX_AGE_MS) this.kick();
  }

  private kick(): void {
    if (this.writing || this.buffer.length === 0) return;
    const batch = this.buffer.splice(0, BATCH * 4);
    this.lastWrite = Date.now();
    this.writing = this.ctx
      .fenced((tx) => saveProspectResults(tx, this.jobId, batch, this.clock.now()))
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
