import type { App } from './app.ts';

export const SANDBOX_ACCOUNT = 'sandbox';

export interface FirstStart {
  accountName: string;
  key: string;
  credits: number;
}

/**
 * On the first start against an empty database: an account named `sandbox`, sandbox credits, and
 * an `lf_test_` key to print. Returns null when there are accounts already, or when another process
 * starting at the same moment won the race.
 */
export async function ensureFirstStart(app: App): Promise<FirstStart | null> {
  if (!app.config.firstStart || (await app.accounts.count()) > 0) return null;
  let account: { id: string };
  try {
    account = await app.accounts.create(SANDBOX_ACCOUNT);
  } catch {
    return null; // another process created it first
  }
  const credits = app.config.sandboxCredits;
  if (credits > 0) await app.credits.grant(account.id, credits, 'first-start-grant', 'sandbox credits on first start');
  const { key } = await app.accounts.createKey(account.id, 'test');
  return { accountName: SANDBOX_ACCOUNT, key, credits };
}
