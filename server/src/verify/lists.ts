import { createRequire } from 'node:module';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import mailchecker from 'mailchecker';

/**
 * Disposable, role and free-provider lists, each from a maintained package (verification.md §5, §7).
 * `LIST_SOURCES` names them so a result can be traced to its data.
 */
export const LIST_SOURCES = {
  disposable: [
    'disposable-email-domains-js (CC0; a weekly copy of github.com/disposable-email-domains/disposable-email-domains)',
    'mailchecker (MIT; github.com/FGRibreau/mailchecker list.txt)',
  ],
  role: ['role-based-email-addresses (MIT; github.com/mixmaxhq/role-based-email-addresses, also reacher’s source)'],
  free: ['email-providers all.json (ISC; github.com/derhuerst/email-providers), less the disposable domains'],
  consumer: ['server/src/verify/data/consumer-domains.ts (vendored; sources in that file)'],
} as const;

const require = createRequire(import.meta.url);

// Loaded on first use: the lists hold ~60k names and most processes never verify anything.
let disposable: Set<string> | undefined;
let roles: Set<string> | undefined;
let free: Set<string> | undefined;

function disposableSet(): Set<string> {
  if (!disposable) {
    // The union of both lists (verification.md §5): each catches names the other misses.
    disposable = new Set([...disposableEmailBlocklistSet(), ...mailchecker.blacklist()]);
  }
  return disposable;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The domain or one of its parent domains is a disposable-mail domain: `x.mailinator.com` is as
 * disposable as `mailinator.com` (mailchecker's rule; the upstream list says to match the
 * registrable domain). Top-level labels alone are never looked up.
 */
export function isDisposableDomain(domain: string, extra: ReadonlySet<string> = NONE): boolean {
  const set = disposableSet();
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const parent = labels.slice(i).join('.');
    if (set.has(parent) || extra.has(parent)) return true;
  }
  return false;
}

/** A role account (info@, sales@, no-reply@ ...): the local part before any +tag, case-insensitive. */
export function isRoleAccount(localPart: string): boolean {
  if (!roles) roles = new Set((require('role-based-email-addresses') as string[]).map((r) => r.toLowerCase()));
  const base = localPart.toLowerCase().split('+')[0] as string;
  return roles.has(base);
}

/** A free mailbox provider (gmail.com, gmx.de ...). A flag only: it never changes the verdict. */
export function isFreeProvider(domain: string): boolean {
  if (!free) {
    const all = require('email-providers/all.json') as string[];
    // email-providers mixes in some disposable services; those are reported as disposable instead.
    free = new Set(all.map((d) => d.toLowerCase()).filter((d) => !isDisposableDomain(d)));
  }
  return free.has(domain.toLowerCase());
}
