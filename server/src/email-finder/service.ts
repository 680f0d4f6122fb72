import type { z } from 'zod';
import type {
  EmailFinderInSchema,
  EmailFinderJobInProgressOut,
  EmailFinderJobInSchema,
  EmailFinderJobListItem,
  EmailFinderListQuery,
  EmailFinderOut,
} from '../../../lib/contract/email-finder.ts';
import type { AuthContext } from '../accounts/accounts.ts';
import type { Verifier } from '../app/worlds.ts';
import type { Credits } from '../billing/credits.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { isUuid, newId } from '../core/ids.ts';
import type { FinderResult } from '../finder/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  type EmailFinderProspectRow,
  finderJobOf,
  insertFinderJob,
  insertFinderProspects,
  listFinderJobs,
} from '../store/email-finder-repo.ts';
import type { KeyKind } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { checkWebhookTarget } from '../webhooks/check-target.ts';
import { findPeople } from './find-people.ts';
import { FinderKnowledge, type Learning, persistLearnings, storedKnowledge } from './knowledge.ts';
import { isChargeable, type ProspectOutcome, prospectOutcome, withheld } from './outcome.ts';
import { EMAIL_FINDER_RUN, type RunPayload } from './run-job.ts';
import { inProgressView, isFinished, jobBodyChunks, listItemView, prospectView } from './views.ts';

/** A single lookup answers within the API request: what is unconfirmed by then is suspect. */
export const SINGLE_LOOKUP_MAX_MS = 25_000;

export interface EmailFinderDeps {
  config: Config;
  store: Store;
  credits: Credits;
  queue: JobQueue;
  clock: Clock;
  verifier(mode: KeyKind): Promise<Verifier>;
}

type FinderJobIn = z.output<typeof EmailFinderJobInSchema>;

const blankToNull = (s: string | null | undefined): string | null => (s?.trim() ? s : null);

/** The email finder use cases: the single lookup, bulk jobs (accepted here, run by run-job.ts), list and retrieve. */
export class EmailFinder {
  constructor(private readonly deps: EmailFinderDeps) {}

  /**
   * Finds one person's address now, in this process. decisions.md: 1 credit when the address is safe
   * or riskier, nothing otherwise, taken when the lookup ends; a find the balance cannot pay for is
   * withheld (failed, `insufficient_credits`). The spec gives the finder no 402: what a lookup will
   * cost is known only once it has run.
   */
  async single(auth: AuthContext, body: z.output<typeof EmailFinderInSchema>): Promise<EmailFinderOut> {
    const { credits, store } = this.deps;
    const jobId = newId();
    const person = {
      ref: 0,
      firstName: body.first_name.trim(),
      lastName: body.last_name.trim(),
      companyName: blankToNull(body.company_name),
      companyDomain: blankToNull(body.company_domain),
    };
    const asSubmitted = {
      id: jobId,
      first_name: person.firstName,
      last_name: person.lastName,
      company_name: person.companyName,
      company_domain: person.companyDomain,
    };
    let found: FinderResult | Error = new Error('the lookup did not run');
    let learned: Learning | null = null;
    try {
      const v = await this.deps.verifier(auth.mode);
      await findPeople([person], {
        verifier: v,
        mode: auth.mode,
        knowledge: new FinderKnowledge(storedKnowledge(store.db, auth.mode)),
        deadline: v.ports.clock.now() + SINGLE_LOOKUP_MAX_MS,
        onResult: (_p, result, { learning }) => {
          found = result;
          learned = learning;
        },
      });
    } catch (err) {
      found = err instanceof Error ? err : new Error(String(err));
    }
    let outcome: ProspectOutcome = prospectOutcome(found);
    const learning = learned as Learning | null;
    if (learning) {
      await writeTransaction(store, null, (tx) =>
        persistLearnings(tx, store.caps.rowLocks, auth.mode, [learning], this.deps.clock.now()),
      );
    }
    if (isChargeable(outcome)) {
      try {
        await credits.debit(auth.accountId, 1, `email_finder:${jobId}`, 'email finder: 1 address found');
      } catch (err) {
        if (!(err instanceof ApiError) || err.type !== 'InsufficientCredits') throw err;
        outcome = withheld();
      }
    }
    return {
      success: !(found instanceof Error),
      job_id: jobId,
      prospect: prospectView({ ...asSubmitted, ...outcome }),
    };
  }

  /**
   * Accepts a bulk job: checks the webhook URL, and stores the job, its prospects and the durable job
   * that searches them in one transaction. Nothing is charged now: credits are taken when the job
   * finishes, and finds the balance cannot pay for then are withheld (decisions.md; the spec's
   * statuses for this endpoint are 202, 401 and 422, so an empty balance is not refused here).
   */
  async create(auth: AuthContext, body: FinderJobIn): Promise<{ jobId: string; count: number }> {
    const webhookUrl = body.webhook_url ?? null;
    if (webhookUrl) await this.checkWebhook(auth.mode, webhookUrl);
    const id = newId();
    const now = this.deps.clock.now();
    const rows: EmailFinderProspectRow[] = body.prospects.map((p, position) => ({
      job_id: id,
      position,
      id: newId(),
      first_name: p.first_name,
      last_name: p.last_name,
      company_name: blankToNull(p.company_name),
      company_domain: blankToNull(p.company_domain),
      status: 'pending',
      found_email: null,
      email_validity: null,
      error_message: null,
      reason: null,
      domain: null,
      rcpts: null,
    }));
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      await insertFinderJob(tx, {
        id,
        account_id: auth.accountId,
        mode: auth.mode,
        job_name: blankToNull(body.job_name),
        webhook_url: webhookUrl,
        status: 'pending',
        prospect_count: rows.length,
        done_count: 0,
        error_message: null,
        credits: 0,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      await insertFinderProspects(tx, rows);
      const payload: RunPayload = { jobId: id };
      await this.deps.queue.enqueue(tx, {
        kind: EMAIL_FINDER_RUN,
        accountId: auth.accountId,
        payload,
        maxAttempts: 5,
        dedupeKey: `email_finder:${id}`,
      });
    });
    return { jobId: id, count: rows.length };
  }

  async list(accountId: string, query: EmailFinderListQuery): Promise<EmailFinderJobListItem[]> {
    const rows = await listFinderJobs(this.deps.store.db, accountId, query.limit, query.offset);
    return rows.map(listItemView);
  }

  /** 202 with the in-progress shape while pending or running; 200 with the whole job (JSON text, in pieces) once finished. */
  async retrieve(
    accountId: string,
    id: string,
  ): Promise<{ status: 202; body: EmailFinderJobInProgressOut } | { status: 200; json: AsyncIterable<string> }> {
    const job = isUuid(id) ? await finderJobOf(this.deps.store.db, accountId, id) : undefined;
    if (!job) throw notFound('Email finder job');
    if (!isFinished(job)) return { status: 202, body: inProgressView(job) };
    return { status: 200, json: jobBodyChunks(this.deps.store.db, job) };
  }

  /** decisions.md: https to a public address; http to loopback only for sandbox keys when the operator allows it. */
  private checkWebhook(mode: KeyKind, url: string): Promise<void> {
    return checkWebhookTarget(url, { allowLoopback: this.deps.config.webhookAllowLoopback && mode === 'test' });
  }
}
