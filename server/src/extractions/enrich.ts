/**
 * Finding the emails of an extraction's records (enrich_email), after the records are built: every
 * lead still to enrich goes into one finder run, so that a greylisting server's wait overlaps with
 * the other companies' searches instead of holding up a batch. Found emails are written into the
 * records in fenced batches, with what each find teaches the finder; a lead whose search ended
 * leaves the set, so a resumed run searches only the rest.
 */
import type { Logger } from 'pino';
import type { Verifier } from '../app/worlds.ts';
import type { Clock } from '../core/clock.ts';
import { findPeople, type PersonToFind } from '../email-finder/find-people.ts';
import { FinderKnowledge, type Learning, persistLearnings, storedKnowledge } from '../email-finder/knowledge.ts';
import { prospectOutcome } from '../email-finder/outcome.ts';
import type { JobContext } from '../jobs/types.ts';
import {
  type ExtractionRow,
  enrichCounts,
  itemCounts,
  itemsToEnrich,
  saveRecords,
  updateExtraction,
} from '../store/extractions-repo.ts';
import type { Store } from '../store/store.ts';
import type { PersonOfRecord } from './build-records.ts';
import type { ExtractionCheckpoint, ExtractionPayload } from './run-job.ts';

/** The record columns enrichment fills (lib/records/lead-columns.ts, context.email). */
const EMAIL = 'Email';
const EMAIL_STATUS = 'Email Status';
const BATCH = 50;
const BATCH_MAX_AGE_MS = 1_000;
/** How often the time spent is saved while no result comes (a greylisting wait). */
const ELAPSED_SAVE_MS = 10_000;

export interface EnrichDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  verifier: Verifier;
}

/**
 * Finds the emails still to be found. The search is bounded like a bulk finder job's: at most
 * LEADFORGE_VERIFY_MAX_DURATION (the verifier's maxDurationMs) across every attempt of the job, so
 * greylisting domains (retries after 60 s, 5 min, 15 min) cannot hold an extraction beyond it;
 * what is unconfirmed then gets no email, or a suspect one.
 */
export async function enrichRecords(
  ctx: JobContext<ExtractionPayload, ExtractionCheckpoint>,
  row: ExtractionRow,
  deps: EnrichDeps,
): Promise<void> {
  const items = await itemsToEnrich(deps.store.db, row.id);
  if (items.length === 0) return;
  const records = new Map(items.map((i) => [i.position, i.record ?? '{}']));
  const people: PersonToFind[] = items.map((i) => {
    const p = JSON.parse(i.enrich_person ?? '{}') as PersonOfRecord;
    return {
      ref: i.position,
      firstName: p.firstName,
      lastName: p.lastName,
      companyName: p.companyName,
      companyDomain: p.companyDomain,
    };
  });
  deps.log.info({ extractionId: row.id, leads: people.length }, 'extraction: finding emails');
  const vclock = deps.verifier.ports.clock;
  const started = vclock.now();
  const spentBefore = ctx.checkpoint?.enrichElapsedMs ?? 0;
  const max = deps.verifier.options.maxDurationMs;
  const deadline = max === null ? null : started + Math.max(0, max - spentBefore);
  if (deadline !== null && deadline <= started) {
    // Earlier attempts used the whole bound: the leads left get no email (the verifier's bound
    // stops waits, not a session that answers at once, so it is not asked at all).
    deps.log.info({ extractionId: row.id, leads: items.length }, 'extraction: no time left to find emails');
    await ctx.fenced((tx) =>
      saveRecords(
        tx,
        row.id,
        items.map((i) => ({ position: i.position, record: i.record ?? '{}', enrich_person: null })),
      ),
    );
    return;
  }
  let pending: { position: number; record: string; learning: Learning | null }[] = [];
  let lastWrite = Date.now();
  const flush = async () => {
    const batch = pending;
    pending = [];
    lastWrite = Date.now();
    if (batch.length === 0) return;
    await ctx.fenced(async (tx) => {
      await saveRecords(
        tx,
        row.id,
        batch.map((b) => ({ position: b.position, record: b.record, enrich_person: null })),
      );
      const learnings = batch.flatMap((b) => (b.learning ? [b.learning] : []));
      await persistLearnings(tx, deps.store.caps.rowLocks, row.mode, learnings, deps.clock.now());
      const { items: all } = await itemCounts(tx, row.id);
      const left = await enrichCounts(tx, row.id);
      const progress = 90 + Math.floor((9 * (all - left)) / Math.max(1, all));
      await updateExtraction(tx, row.id, { progress: Math.min(99, progress), updated_at: deps.clock.now() });
    });
    await saveElapsed();
  };
  // Paging is over once emails are searched: only the time spent needs carrying to a next attempt.
  // Saved with each batch of results, and while a long greylisting wait brings none.
  const saveElapsed = () =>
    ctx.saveCheckpoint({
      pagedTo: Number.MAX_SAFE_INTEGER,
      pagingDone: true,
      enrichElapsedMs: spentBefore + vclock.now() - started,
    });
  const ticker = setInterval(() => {
    saveElapsed().catch(() => {}); // a lost lease aborts ctx.signal, which ends the search
  }, ELAPSED_SAVE_MS);
  let writing: Promise<void> = Promise.resolve();
  try {
    await findPeople(people, {
      verifier: deps.verifier,
      mode: row.mode,
      knowledge: new FinderKnowledge(storedKnowledge(deps.store.db, row.mode)),
      signal: ctx.signal,
      deadline,
      onResult: async (person, result, info) => {
        const outcome = prospectOutcome(result);
        const record = JSON.parse(records.get(person.ref) ?? '{}') as Record<string, unknown>;
        record[EMAIL] = outcome.found_email;
        record[EMAIL_STATUS] = outcome.email_validity;
        pending.push({ position: person.ref, record: JSON.stringify(record), learning: info.learning });
        if (pending.length >= BATCH || Date.now() - lastWrite >= BATCH_MAX_AGE_MS) {
          writing = writing.then(flush);
          await writing;
        }
      },
    });
  } finally {
    clearInterval(ticker);
  }
  writing = writing.then(flush);
  await writing;
}
