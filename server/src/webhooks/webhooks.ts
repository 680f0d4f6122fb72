import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { DB, KeyKind } from '../store/schema.ts';
import { insertMessage } from '../store/webhooks-repo.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './retry-schedule.ts';

export const WEBHOOK_DELIVERY_KIND = 'webhook.deliver';

export interface WebhookEvent {
  accountId: string;
  mode: KeyKind;
  jobId: string;
  /** e.g. `extraction.finished`, `extraction.paused`. */
  eventType: string;
  /** One message per job and key: a repeat (a crashed job re-running its last step) sends nothing new. */
  eventKey?: string;
  url: string;
  /** Exactly what the job's retrieve endpoint returns. */
  payload: unknown;
  /** The payload already written as JSON (a large job's body, built without parsing it); replaces `payload`. */
  payloadJson?: string;
}

/**
 * The outbox. A job calls `record` in the same transaction as its final state, so a message exists
 * exactly when the state it reports committed; the delivery job it enqueues does the sending.
 */
export class Webhooks {
  constructor(
    private readonly queue: JobQueue,
    private readonly clock: Clock,
  ) {}

  async record(tx: Kysely<DB>, e: WebhookEvent): Promise<void> {
    const id = newId();
    const now = this.clock.now();
    const inserted = await insertMessage(tx, {
      id,
      account_id: e.accountId,
      job_id: e.jobId,
      event_type: e.eventType,
      event_key: e.eventKey ?? e.eventType,
      mode: e.mode,
      url: e.url,
      payload: e.payloadJson ?? JSON.stringify(e.payload),
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      finished_at: null,
    });
    if (!inserted) return;
    await this.queue.enqueue(tx, {
      kind: WEBHOOK_DELIVERY_KIND,
      accountId: e.accountId,
      payload: { messageId: id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      dedupeKey: `webhook:${id}`,
    });
  }
}
