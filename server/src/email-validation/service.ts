import type { z } from 'zod';
import type {
  EmailValidationJobInProgressOut,
  EmailValidationJobInSchema,
  EmailValidationJobListItem,
  EmailValidationListQuery,
  EmailValidationOut,
} from '../../../lib/contract/email-validation.ts';
import type { AuthContext } from '../accounts/accounts.ts';
import type { Verifier } from '../app/worlds.ts';
import type { Credits } from '../billing/credits.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { notFound } from '../core/errors.ts';
import { isUuid, newId } from '../core/ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  type EmailValidationProspectRow,
  insertValidationJob,
  insertValidationProspects,
  listValidationJobs,
  validationJobOf,
} from '../store/email-validation-repo.ts';
import type { KeyKind } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { verifyEmail } from '../verify/index.ts';
import { checkWebhookTarget } from '../webhooks/check-target.ts';
import { EMAIL_VALIDATION_RUN, type RunPayload } from './run-job.ts';
import { detailsOf, inProgressView, isFinished, jobBodyChunks, listItemView } from './views.ts';

/** decisions.md: 0.5 credit per address, rounded up per request. */
export const validationCost = (addresses: number): number => Math.ceil(addresses / 2);

/** A single check answers within the API request: greylisting retries that cannot fit are skipped (suspect). */
export const SINGLE_CHECK_MAX_MS = 25_000;

export const NULL_EMAIL_MESSAGE = 'no email address was given';

export interface EmailValidationDeps {
  config: Config;
  store: Store;
  credits: Credits;
  queue: JobQueue;
  clock: Clock;
  verifier(mode: KeyKind): Promise<Verifier>;
}

/** The email validation use cases: the single check, bulk jobs (accepted here, run by run-job.ts), list and retrieve. */
export class EmailValidation {
  constructor(private readonly deps: EmailValidationDeps) {}

  /** Verifies one address now, in this process; 1 credit, taken before the check. */
  async single(auth: AuthContext, email: string): Promise<EmailValidationOut> {
    const jobId = newId();
    await this.deps.credits.debit(auth.accountId, validationCost(1), `email_validation:${jobId}`, 'email validation');
    try {
      const v = await this.deps.verifier(auth.mode);
      const maxDurationMs = Math.min(v.options.maxDurationMs ?? SINGLE_CHECK_MAX_MS, SINGLE_CHECK_MAX_MS);
      const result = await verifyEmail(email, v.ports, { ...v.options, maxDurationMs }, { state: v.state });
      return {
        success: true,
        job_id: jobId,
        prospect: {
          email,
          email_validity: result.verdict,
          status: 'complete',
          error_message: null,
          details: detailsOf(result) as unknown as Record<string, never>,
        },
      };
    } catch (err) {
      return {
        success: false,
        job_id: jobId,
        prospect: {
          email,
          email_validity: null,
          status: 'failed',
          error_message: `verification failed: ${err instanceof Error ? err.message : String(err)}`,
        },
      };
    }
  }

  /**
   * Accepts a bulk job: checks the webhook URL, takes the credits, and stores the job, its prospects
   * and the durable job that verifies them in one transaction (all or nothing).
   */
  async create(
    auth: AuthContext,
    body: z.output<typeof EmailValidationJobInSchema>,
  ): Promise<{ jobId: string; count: number }> {
    const webhookUrl = body.webhook_url ?? null;
    if (webhookUrl) await this.checkWebhook(auth.mode, webhookUrl);
    const id = newId();
    const now = this.deps.clock.now();
    const rows: EmailValidationProspectRow[] = body.prospects.map((p, position) => ({
      job_id: id,
      position,
      id: newId(),
      email: p.email ?? null,
      status: p.email ? 'pending' : 'failed',
      email_validity: null,
      error_message: p.email ? null : NULL_EMAIL_MESSAGE,
      details: null,
    }));
    const addresses = rows.filter((r) => r.email !== null).length;
    const cost = validationCost(addresses);
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      if (cost > 0) {
        const memo = `email validation of ${addresses} addresses`;
        await this.deps.credits.debit(auth.accountId, cost, `email_validation:${id}`, memo, tx);
      }
      await insertValidationJob(tx, {
        id,
        account_id: auth.accountId,
        mode: auth.mode,
        job_name: body.job_name.trim(),
        webhook_url: webhookUrl,
        status: 'pending',
        prospect_count: rows.length,
        done_count: rows.length - addresses,
        error_message: null,
        credits: cost,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      await insertValidationProspects(tx, rows);
      const payload: RunPayload = { jobId: id };
      await this.deps.queue.enqueue(tx, {
        kind: EMAIL_VALIDATION_RUN,
        accountId: auth.accountId,
        payload,
        maxAttempts: 5,
        dedupeKey: `email_validation:${id}`,
      });
    });
    return { jobId: id, count: rows.length };
  }

  async list(accountId: string, query: EmailValidationListQuery): Promise<EmailValidationJobListItem[]> {
    const rows = await listValidationJobs(this.deps.store.db, accountId, query.limit, query.offset);
    return rows.map(listItemView);
  }

  /** 202 with the in-progress shape while pending or running; 200 with the whole job (JSON text, in pieces) once finished. */
  async retrieve(
    accountId: string,
    id: string,
  ): Promise<{ status: 202; body: EmailValidationJobInProgressOut } | { status: 200; json: AsyncIterable<string> }> {
    const job = isUuid(id) ? await validationJobOf(this.deps.store.db, accountId, id) : undefined;
    if (!job) throw notFound('Email validation job');
    if (!isFinished(job)) return { status: 202, body: inProgressView(job) };
    return { status: 200, json: jobBodyChunks(this.deps.store.db, job) };
  }

  /** decisions.md: https to a public address; http to loopback only for sandbox keys when the operator allows it. */
  private checkWebhook(mode: KeyKind, url: string): Promise<void> {
    return checkWebhookTarget(url, { allowLoopback: this.deps.config.webhookAllowLoopback && mode === 'test' });
  }
}
