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
  payload?: unknown;
  /** The payload already written as JSON (a large job's body, built without parsing it); replaces `payload`. */
  payloadJson?: string;
  /**
   * Where the delivery renders the body from, instead of storing it: a registered source and the
   * id it takes (a finished job's body, which no longer changes). Replaces `payload`.
   */
  bodySource?: { source: string; id: string };
}

/** Renders a message's body, as JSON text in pieces, from what a source stores (e.g. a finished job). */
export type WebhookBodySource = (db: Kysely<DB>, id: string) => AsyncIterable<string>;

/** The body sources the delivery can render from, registered by the features at start-up. */
export class WebhookBodySources {
  private readonly sources = new Map<string, WebhookBodySource>();

  register(name: string, source: WebhookBodySource): void {
    if (name.includes(':')) throw new Error(`a body source name has no colon: ${name}`);
    this.sources.set(name, source);
  }

  /** The body of a message whose `body_source` is `<name>:<id>`. */
  render(db: Kysely<DB>, ref: string): AsyncIterable<string> {
    const at = ref.indexOf(':');
    const source = this.sources.get(ref.slice(0, at));
    if (at < 0 || !source) throw new Error(`no webhook body source for ${ref}`);
    return source(db, ref.slice(at + 1));
  }
}

/**
 * The outbox. A job calls `record` in the same transaction as its final state, so a message exists
 * exactly when the state it reports committed; the delivery job it enqueues does the sending.
 */
export class Webhooks {
  readonly bodies = new WebhookBodySources();

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
      payload: e.bodySource ? '' : (e.payloadJson ?? JSON.stringify(e.payload ?? null)),
      body_source: e.bodySource ? `${e.bodySource.source}:${e.bodySource.id}` : null,
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
