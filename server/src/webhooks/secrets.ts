import { randomBytes } from 'node:crypto';
import { type Clock, DAY_MS } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import type { SecretBox } from '../core/secret-box.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { expireCurrentSecret, insertSecret, liveSecrets } from '../store/webhooks-repo.ts';

export interface SigningSecret {
  secret: string;
  createdAt: number;
  /** null for the current secret; when a rotated-out secret stops being sent. */
  expiresAt: number | null;
}

/**
 * Each account's webhook signing secrets (`whsec_` + base64 of 24 random bytes, as Standard
 * Webhooks expects), sealed at rest. A rotation keeps the old secret signing for 24 hours, so a
 * receiver can switch over without dropping a delivery.
 */
export class WebhookSecrets {
  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** The secrets to sign with now, current first; creates the first secret on first use. */
  async signing(accountId: string): Promise<SigningSecret[]> {
    const now = this.clock.now();
    let rows = await liveSecrets(this.store.db, accountId, now);
    if (!rows.some((r) => r.expires_at === null)) {
      await writeTransaction(this.store, accountId, async (tx) => {
        // Checked again under the lock: two first uses at once make one secret.
        if (!(await liveSecrets(tx, accountId, now)).some((r) => r.expires_at === null)) {
          await this.insertNew(tx, accountId, now);
        }
      });
      rows = await liveSecrets(this.store.db, accountId, now);
    }
    // The current secret first, then rotated-out ones, newest first.
    rows.sort((a, b) => Number(a.expires_at !== null) - Number(b.expires_at !== null) || b.created_at - a.created_at);
    return rows.map((r) => ({
      secret: this.box.open(r.secret_sealed, `whsec:${r.id}`),
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  async current(accountId: string): Promise<SigningSecret> {
    const current = (await this.signing(accountId)).find((s) => s.expiresAt === null);
    if (!current) throw new Error('no current webhook secret');
    return current;
  }

  /** Makes a new current secret; the old one keeps signing for 24 hours. */
  async rotate(accountId: string): Promise<SigningSecret> {
    const now = this.clock.now();
    await writeTransaction(this.store, accountId, async (tx) => {
      await expireCurrentSecret(tx, accountId, now + DAY_MS);
      await this.insertNew(tx, accountId, now);
    });
    return this.current(accountId);
  }

  private async insertNew(tx: Parameters<typeof insertSecret>[0], accountId: string, now: number) {
    const id = newId();
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await insertSecret(tx, {
      id,
      account_id: accountId,
      secret_sealed: this.box.seal(secret, `whsec:${id}`),
      created_at: now,
      expires_at: null,
    });
  }
}
