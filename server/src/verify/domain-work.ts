import type { RecipientReport } from './smtp/mx-walk.ts';
import type { PreparedAddress } from './stages.ts';
import { envelopeAddress } from './syntax.ts';
import type { CatchAllStage, MxHost } from './types.ts';

/**
 * The scheduler's bookkeeping for one domain: its addresses waiting for a session, those finished
 * but held until the catch-all probe has settled (so every result of a domain shows the same
 * catch-all answer), and the probe itself.
 */
export interface Item {
  index: number;
  prepared: PreparedAddress;
  envelope: string;
  smtputf8: boolean;
  /** Not to be asked before this time (greylist retry). */
  notBefore: number;
  retries: number;
  requeues: number;
  attempts: number;
  greylisted: boolean;
  report: RecipientReport | null;
  done: boolean;
  /** Waiting for a greylist retry or for the probe: admitted, but holding no session (scheduler's window). */
  parked: boolean;
  /** The same address given again in the list: answered once, reported for each. */
  twins: Item[];
}

export interface Probe {
  address: string;
  state: 'needed' | 'in_flight' | 'waiting' | 'settled';
  notBefore: number;
  retries: number;
  requeues: number;
  stage: CatchAllStage | null;
}

export interface DomainWork {
  domain: string;
  mx: MxHost[];
  rcptLimit: number;
  queue: Item[];
  held: Item[];
  inFlight: number;
  probe: Probe;
  byEnvelope: Map<string, Item>;
}

export function newItem(index: number, prepared: PreparedAddress): Item {
  return {
    index,
    prepared,
    envelope: envelopeAddress(prepared.syntax),
    smtputf8: prepared.syntax.smtputf8_required,
    notBefore: 0,
    retries: 0,
    requeues: 0,
    attempts: 0,
    greylisted: false,
    report: null,
    done: false,
    parked: false,
    twins: [],
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A local part nobody has: 16 letters and digits, starting with a letter so it looks like a
 * plausible name to filters (verification.md §3: 12–20 characters, varied per probe).
 */
export function randomLocalPart(random: () => number): string {
  let out = ALPHABET[Math.floor(random() * 26)] as string;
  while (out.length < 16) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

export function newDomainWork(domain: string, mx: MxHost[], rcptLimit: number, probeAddress: string): DomainWork {
  return {
    domain,
    mx,
    rcptLimit,
    queue: [],
    held: [],
    inFlight: 0,
    probe: { address: probeAddress, state: 'needed', notBefore: 0, retries: 0, requeues: 0, stage: null },
    byEnvelope: new Map(),
  };
}

/** Adds an address, or makes it the twin of the same address already there. */
export function enqueue(work: DomainWork, item: Item): void {
  const key = item.envelope.toLowerCase();
  const first = work.byEnvelope.get(key);
  if (first) {
    first.twins.push(item);
    return;
  }
  work.byEnvelope.set(key, item);
  work.queue.push(item);
}

/** A probe settled from a cached answer. */
export function settleFromCache(work: DomainWork, cached: Omit<CatchAllStage, 'cached'>): void {
  work.probe.state = 'settled';
  work.probe.stage = { ...cached, cached: true };
}

/** The probe's reading of a reply: true when accepted, false when the mailbox is unknown (5xx). */
export function catchAllValue(report: RecipientReport): boolean | null {
  if (report.step !== 'rcpt') return null;
  if (report.outcome === 'accepted') return true;
  const code = report.reply?.code ?? 0;
  if (report.outcome === 'mailbox_unknown' && code >= 500) return false;
  return null;
}

/** A 4xx worth asking again later (greylisting); a full mailbox is already an answer. */
export function isRetryable(report: RecipientReport): boolean {
  const code = report.reply?.code ?? 0;
  return code >= 400 && code < 500 && report.outcome !== 'mailbox_full' && report.outcome !== 'too_many_recipients';
}
