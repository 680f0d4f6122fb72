import type { WebhookDeliveryOut, WebhookSecretOut } from '../../../lib/contract/webhooks.ts';
import { isoZ } from '../core/clock.ts';
import type { Store } from '../store/store.ts';
import { attemptsOf, messagesOfJob } from '../store/webhooks-repo.ts';
import type { WebhookSecrets } from './secrets.ts';

/** What the webhook endpoints show: a job's deliveries with every attempt, and the signing secret. */
export class WebhookViews {
  constructor(
    private readonly store: Store,
    private readonly secrets: WebhookSecrets,
  ) {}

  async deliveries(accountId: string, jobId: string): Promise<WebhookDeliveryOut[]> {
    const messages = await messagesOfJob(this.store.db, accountId, jobId);
    const attempts = await attemptsOf(
      this.store.db,
      messages.map((m) => m.id),
    );
    return messages.map((m) => ({
      id: m.id,
      job_id: m.job_id,
      event_type: m.event_type,
      url: m.url,
      state: m.state,
      created_at: isoZ(m.created_at),
      next_attempt_at: m.state === 'pending' && m.next_attempt_at !== null ? isoZ(m.next_attempt_at) : null,
      finished_at: m.finished_at === null ? null : isoZ(m.finished_at),
      attempts: attempts
        .filter((a) => a.message_id === m.id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: isoZ(a.started_at),
          duration_ms: a.duration_ms,
          outcome: a.outcome,
          response_status: a.response_status,
          response_body: a.response_body,
          error: a.error,
        })),
    }));
  }

  async secret(accountId: string): Promise<WebhookSecretOut> {
    const all = await this.secrets.signing(accountId);
    const current = all.find((s) => s.expiresAt === null);
    if (!current) throw new Error('no webhook secret');
    const previous = all.filter((s) => s.expiresAt !== null).map((s) => s.expiresAt as number);
    return {
      success: true,
      secret: current.secret,
      created_at: isoZ(current.createdAt),
      previous_secret_expires_at: previous.length ? isoZ(Math.max(...previous)) : null,
    };
  }
}
