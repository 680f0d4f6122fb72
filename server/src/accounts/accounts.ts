import type { Clock } from '../core/clock.ts';
import { ApiError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import {
  countAccounts,
  findAccountByName,
  findActiveKeyByHash,
  insertAccount,
  insertApiKey,
  listAccounts,
} from '../store/accounts-repo.ts';
import type { KeyKind } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import { generateApiKey, hashApiKey, keyFromAuthorization, keyPrefix } from './api-keys.ts';

export interface AuthContext {
  accountId: string;
  keyId: string;
  /** Which world the key acts on: `test` keys reach the sandbox, `live` keys the real one. */
  mode: KeyKind;
}

const ACCOUNT_NAME_RE = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/**
 * How long a verified key is trusted without asking the database again. Every request needs its
 * key checked; remembering a good key for a few seconds takes a query off each one. The price: a
 * key revoked in another process keeps working for at most this long (docs/decisions.md).
 */
export const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 10_000;

export class Accounts {
  private readonly known = new Map<string, { auth: AuthContext; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async create(name: string): Promise<{ id: string; name: string }> {
    if (!ACCOUNT_NAME_RE.test(name)) {
      throw new Error('an account name is 1 to 63 lowercase letters, digits, dots, dashes or underscores');
    }
    if (await findAccountByName(this.store.db, name)) throw new Error(`an account named ${name} exists already`);
    const row = { id: newId(), name, created_at: this.clock.now() };
    await insertAccount(this.store.db, row);
    return { id: row.id, name };
  }

  async byName(name: string): Promise<{ id: string; name: string }> {
    const account = await findAccountByName(this.store.db, name);
    if (!account) throw new Error(`no account named ${name}`);
    return { id: account.id, name: account.name };
  }

  list() {
    return listAccounts(this.store.db);
  }

  count(): Promise<number> {
    return countAccounts(this.store.db);
  }

  /** Makes a key. The key itself is returned this once; only its hash is kept. */
  async createKey(accountId: string, kind: KeyKind): Promise<{ id: string; key: string }> {
    const key = generateApiKey(kind);
    const id = newId();
    await insertApiKey(this.store.db, {
      id,
      account_id: accountId,
      kind,
      prefix: keyPrefix(key),
      hash: hashApiKey(key),
      created_at: this.clock.now(),
      revoked_at: null,
    });
    return { id, key };
  }

  /** The caller behind an Authorization header, or 401 AuthenticationError. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    if (!authorization) {
      throw new ApiError('AuthenticationError', 'Missing API key: send the header "Authorization: Bearer <API_KEY>".');
    }
    const key = keyFromAuthorization(authorization);
    if (!key) {
      throw new ApiError(
        'AuthenticationError',
        'Malformed Authorization header: expected "Bearer lf_test_…" or "Bearer lf_live_…".',
      );
    }
    const hash = hashApiKey(key);
    const now = this.clock.now();
    const cached = this.known.get(hash);
    if (cached && cached.until > now) return cached.auth;
    const found = await findActiveKeyByHash(this.store.db, hash);
    if (!found) {
      this.known.delete(hash);
      throw new ApiError('AuthenticationError', 'Unknown or revoked API key.');
    }
    const auth: AuthContext = { accountId: found.account_id, keyId: found.id, mode: found.kind };
    if (this.known.size >= AUTH_CACHE_MAX) this.known.clear();
    this.known.set(hash, { auth, until: now + AUTH_CACHE_MS });
    return auth;
  }
}
