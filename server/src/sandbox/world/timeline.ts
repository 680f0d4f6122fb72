/**
 * The world's clock. The world as built describes one instant, SALES_EPOCH; careers reach back
 * from it (start dates) and forward from it: over TIMELINE_YEARS some people change jobs and some
 * appear in the sales tool for the first time. What the tool shows at time t is a pure function of
 * (seed, t): nothing is stored, so any process, at any time, sees the same world.
 *
 * Job changes are modelled as a profile catching up: the mail world's mailbox is at the person's
 * company as of the end of the timeline, and until their change date the tool still shows their
 * previous employer. So a lead the tool shows at the company their mailbox is at is always findable,
 * and a lead not yet moved is one whose old employer no longer has their mailbox, as in life.
 */
import type { Lead, Position } from './types.ts';

export const DAY_MS = 86_400_000;
/** The instant the built world describes: 2026-01-01T00:00:00Z. */
export const SALES_EPOCH = Date.UTC(2026, 0, 1);
/** How long after the epoch job changes and new profiles keep happening. */
export const TIMELINE_YEARS = 3;
export const TIMELINE_END = Date.UTC(2026 + TIMELINE_YEARS, 0, 1);

/** Midnight UTC of a time: the tool's state changes only at midnight, so a day has one state. */
export const dayOf = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;

/** What the tool shows of a lead at a time. */
export interface LeadState {
  readonly lead: Lead;
  /** Positions held at t, newest first; the first is the lead's company in the tool. */
  readonly current: readonly Position[];
  /** Positions ended by t, newest first. */
  readonly past: readonly Position[];
}

/** The lead at time t, or undefined while the tool does not list them yet. */
export function leadAt(lead: Lead, t: number): LeadState | undefined {
  if (lead.listedAt !== undefined && lead.listedAt > t) return undefined;
  const current: Position[] = [];
  const past: Position[] = [];
  for (const position of lead.positions) {
    if (position.startedAt > t) continue; // not begun yet: the profile does not know it
    if (position.endedAt !== undefined && position.endedAt <= t) past.push(position);
    else current.push(position);
  }
  if (current.length === 0) return undefined;
  return { lead, current, past };
}

/** Whole months from one time to another, as the tool counts tenure ({numYears, numMonths}). */
export function monthsBetween(from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  return Math.max(0, b.getUTCDate() < a.getUTCDate() ? months - 1 : months);
}

/** The first day of the month `months` before a time. */
export function monthsBefore(t: number, months: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1);
}
