import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';

export type EntityTarget = Extract<SalesNavTarget, { kind: 'lead' } | { kind: 'account' }>;

export interface Entity {
  kind: 'lead' | 'account';
  /** The lead's profile id or the account's sales company id: what makes two references one. */
  id: string;
  target: EntityTarget;
}

/** A profile reference (URL, bare id or URN; the contract has checked it) as the lead or account it names. */
export function entityOf(ref: string): Entity {
  const parsed = parseSalesNavUrl(ref.trim());
  if (!parsed.ok || (parsed.value.kind !== 'lead' && parsed.value.kind !== 'account')) {
    throw new TypeError(`not a lead or account reference: ${ref}`);
  }
  const target = parsed.value;
  return target.kind === 'lead'
    ? { kind: 'lead', id: target.leadId, target }
    : { kind: 'account', id: target.accountId, target };
}
