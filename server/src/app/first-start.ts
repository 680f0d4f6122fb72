import { findMember } from '../sandbox/world/members.ts';
import type { App } from './app.ts';

export const SANDBOX_ACCOUNT = 'sandbox';

export interface FirstStart {
  accountName: string;
  key: string;
  credits: number;
  /** The sandbox seat connected for the demo member, or why it could not be. */
  seat: { id: string; member: string } | { error: string };
}

/** The browser a sandbox seat's session is said to come from (a seat replays its User-Agent). */
const SANDBOX_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

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
  return { accountName: SANDBOX_ACCOUNT, key, credits, seat: await connectSandboxSeat(app, account.id) };
}

/**
 * Signs the demo member in to the sandbox's sales tool and connects that session as the account's
 * seat, through the same check every connect goes through, so extraction works from the first key.
 */
async function connectSandboxSeat(app: App, accountId: string): Promise<FirstStart['seat']> {
  const demo = findMember('demo');
  if (!demo) return { error: 'the sandbox has no demo member' };
  try {
    const tool = await app.worlds.salesToolServer();
    const session = tool.state.sessions.issue(demo);
    const { seat } = await app.seats.connect(
      { accountId, keyId: '', mode: 'test' },
      {
        li_at: session.liAt,
        jsessionid: session.jsessionId,
        li_a: session.liA,
        user_agent: SANDBOX_USER_AGENT,
        label: `Sandbox: ${demo.firstName} ${demo.lastName}`,
      },
    );
    return { id: seat.id, member: demo.email };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
