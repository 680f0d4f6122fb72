/**
 * The extraction job. It pages through the search or list on the extraction's seat (progress 0–75 %),
 * storing each hit as an item, then builds the records batch by batch (75–100 %): profile, company,
 * filter check, email. Items are its checkpoint: a page read again adds no duplicate (its items
 * are unique per lead or account), and a batch's records, its credit hold and its quota usage are
 * written in one fenced transaction under keys made from the batch, so a crash anywhere resumes
 * with nothing lost and nothing charged twice. Holds are committed when the results are ready.
 *
 * The records kept are then enriched (enrich.ts), whether the run completed or ended early (the
 * seat's session refused: auth_error; the seat's quota spent: quota_exceeded): their credit
 * includes the email, and the mail world needs no seat. Submitted profiles the tool does not give
 * make no record; when none is given the extraction fails with invalid_urls.
 *
 * When credits run out the extraction goes PAUSED, and check jobs look again (resumeCheckDelay:
 * every 15 s at first), resuming by itself once credits are added (decisions.md, "Credits"),
 * without paging its search again.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { SearchQuery } from '../../../lib/salesnav/filters.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';
import type { Verifier } from '../app/worlds.ts';
import type { Credits } from '../billing/credits.ts';
import type { Quota } from '../billing/quota.ts';
import type { Clock } from '../core/clock.ts';
import { ApiError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type JobContext, type JobHandler, PermanentFailure } from '../jobs/types.ts';
import { SalesToolConnector } from '../salestool/connector.ts';
import { SessionDead } from '../salestool/errors.ts';
import { companyIdOf, leadKey } from '../salestool/map-facts.ts';
import {
  deliveredByOtherRuns,
  dropItems,
  dropPendingItems,
  type ExtractionRow,
  extractionById,
  insertHold,
  insertItems,
  itemCounts,
  markHoldCommitted,
  openHolds,
  pendingItems,
  saveRecords,
  updateExtraction,
} from '../store/extractions-repo.ts';
import type { DB, FailureReason, KeyKind } from '../store/schema.ts';
import { recordUsage } from '../store/seat-usage-repo.ts';
import { seatById } from '../store/seats-repo.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';
import { buildBatch, type Stub } from './build-records.ts';
import { enrichRecords } from './enrich.ts';
import { giveWindowBack, takeWindow } from './run-window.ts';
import type { SeatConnectorFactory } from './seat-connector.ts';
import { detailJson } from './views.ts';

export const EXTRACTION_RUN = 'extraction.run';
/** The webhook body source of a finished or failed extraction (views.ts; registered by app.ts). */
export const EXTRACTION_BODY = 'extraction';
/** How often a paused extraction looks for credits, in its first 10 minutes paused. */
export const RESUME_CHECK_MS = 15_000;

/**
 * The wait before a paused extraction's next look for credits: every 15 s at first, then every
 * minute after 10 minutes paused, every 5 minutes after an hour, so that one left paused for days
 * adds about 300 job rows a day, not 5,760.
 */
export function resumeCheckDelay(pausedForMs: number): number {
  if (pausedForMs < 10 * 60_000) return RESUME_CHECK_MS;
  if (pausedForMs < 60 * 60_000) return 60_000;
  return 5 * 60_000;
}
/** Records built per transaction. */
const BATCH = 25;

export interface ExtractionPayload {
  extractionId: string;
  /**
   * Set on the check jobs of a paused extraction: it paused while building records, so its
   * search or list was paged to the end already and the stored items are all there is to build.
   */
  pagingDone?: boolean;
}

export interface ExtractionCheckpoint {
  /** Where paging resumes: the index of the next result to read. */
  pagedTo: number;
  pagingDone: boolean;
  /**
   * Time spent finding emails by earlier attempts, so that LEADFORGE_VERIFY_MAX_DURATION bounds the
   * enrichment of the whole extraction, as it bounds a bulk finder job, however often it restarts.
   */
  enrichElapsedMs?: number;
}

export interface ExtractionJobDeps {
  store: Store;
  credits: Credits;
  quota: Quota;
  queue: JobQueue;
  webhooks: Webhooks;
  clock: Clock;
  log: Logger;
  connectors: SeatConnectorFactory;
  verifier(mode: KeyKind): Promise<Verifier>;
  /** The time now in a key's world (sandbox time for test keys): where a recurring run's window ends. */
  worldNow(mode: KeyKind): Promise<number>;
}

type Ctx = JobContext<ExtractionPayload, ExtractionCheckpoint>;

export function extractionJob(deps: ExtractionJobDeps): JobHandler<ExtractionPayload, ExtractionCheckpoint> {
  const now = () => deps.clock.now();

  /** Ends the run: holds committed for the records kept, the final state, and the webhook. */
  const finish = async (tx: Kysely<DB>, row: ExtractionRow, reason: FailureReason | null, detail?: string) => {
    await dropPendingItems(tx, row.id);
    for (const hold of await openHolds(tx, row.id)) {
      await deps.credits.commitHold(
        row.account_id,
        hold.hold_id,
        `extraction:${row.id}:commit:${hold.hold_id}`,
        undefined,
        tx,
      );
      await markHoldCommitted(tx, row.id, hold.hold_id);
    }
    const { records } = await itemCounts(tx, row.id);
    // Profiles submitted by the caller of which not one could be read: the ids were no good.
    const noneRead = reason === null && records === 0 && (row.type === 'UPLOAD' || row.type === 'SINGLE');
    if (noneRead) return finish(tx, row, 'invalid_urls', 'the sales tool gave none of the submitted profiles');
    const failed = reason !== null;
    if (failed) await giveWindowBack(tx, row);
    const patch = {
      status: failed ? ('FAILED' as const) : ('EXECUTED' as const),
      failure_reason: reason ?? '',
      failure_detail: detail ?? null,
      progress: failed ? row.progress : 100,
      record_count: records,
      updated_at: now(),
      completed_at: now(),
    };
    await updateExtraction(tx, row.id, patch);
    if (!row.webhook_url) return;
    await deps.webhooks.record(tx, {
      accountId: row.account_id,
      mode: row.mode,
      jobId: row.id,
      eventType: failed ? 'extraction.failed' : 'extraction.finished',
      eventKey: 'finished',
      url: row.webhook_url,
      bodySource: { source: EXTRACTION_BODY, id: row.id },
    });
  };

  /** Credits ran out: PAUSED, the webhook with the detail as it stands, and a check job for later. */
  const pause = async (ctx: Ctx, row: ExtractionRow) => {
    await ctx.fenced(async (tx) => {
      const paused = {
        ...row,
        status: 'PAUSED' as const,
        failure_reason: 'insufficient_credits' as const,
        paused_count: row.paused_count + 1,
        updated_at: now(),
      };
      await updateExtraction(tx, row.id, {
        status: paused.status,
        failure_reason: paused.failure_reason,
        paused_count: paused.paused_count,
        updated_at: paused.updated_at,
      });
      if (row.webhook_url) {
        await deps.webhooks.record(tx, {
          accountId: row.account_id,
          mode: row.mode,
          jobId: row.id,
          eventType: 'extraction.paused',
          eventKey: `paused:${paused.paused_count}`,
          url: row.webhook_url,
          payloadJson: await detailJson(tx, paused),
        });
      }
      await scheduleCheck(ctx, tx, row.id, row.account_id, paused.updated_at);
    });
  };

  /**
   * The next look for credits. Keyed by the job that books it, so that a job run again after a
   * crash books no second check (two checks would resume the extraction twice over).
   */
  const scheduleCheck = (ctx: Ctx, tx: Kysely<DB>, extractionId: string, accountId: string, pausedAt: number) =>
    deps.queue.enqueue(tx, {
      kind: EXTRACTION_RUN,
      accountId,
      payload: { extractionId, pagingDone: true } satisfies ExtractionPayload,
      runAt: now() + resumeCheckDelay(now() - pausedAt),
      maxAttempts: 8,
      dedupeKey: `extraction:${extractionId}:check-after:${ctx.job.id}`,
    });

  return {
    kind: EXTRACTION_RUN,
    concurrency: 2,
    maxAttempts: 8,
    async run(ctx) {
      let row = await extractionById(deps.store.db, ctx.payload.extractionId);
      if (!row) throw new PermanentFailure(`no extraction ${ctx.payload.extractionId}`);
      if (row.status === 'EXECUTED' || row.status === 'FAILED') return;
      if (row.status === 'PAUSED' && (await deps.credits.balance(row.account_id)).available < 1) {
        // updated_at is the time it paused: nothing else writes a paused extraction.
        const { id, account_id, updated_at } = row;
        await ctx.fenced((tx) => scheduleCheck(ctx, tx, id, account_id, updated_at));
        return;
      }
      if (row.status !== 'EXECUTING') {
        const patch = { status: 'EXECUTING' as const, failure_reason: '' as const, updated_at: now() };
        const id = row.id;
        await ctx.fenced((tx) => updateExtraction(tx, id, patch));
        row = { ...row, ...patch };
      }
      let outcome: WorkOutcome;
      const seat = await seatById(deps.store.db, row.account_id, row.seat_id);
      if (seat?.status !== 'valid') {
        // The seat died in an earlier attempt (or since): what was built is all there will be.
        outcome = { reason: 'auth_error', detail: seat?.invalid_reason ?? 'the seat is no longer connected' };
      } else {
        const link = await deps.connectors(seat, row.mode);
        try {
          outcome = await work(ctx, row, link.connector, deps, pause);
        } catch (error) {
          if (!(error instanceof SessionDead)) throw error;
          // decisions.md: the seat is invalid at once (the client told Seats); the run fails keeping its records.
          outcome = { reason: 'auth_error', detail: error.message };
        } finally {
          link.close();
        }
      }
      if (outcome === 'paused') return;
      // The records kept, whether the run completed or not, get the emails their credit includes;
      // finding them needs the mail world only, not the seat.
      const verifier = await deps.verifier(row.mode);
      await enrichRecords(ctx, row, { store: deps.store, clock: deps.clock, log: deps.log, verifier });
      const latest = (await extractionById(deps.store.db, row.id)) ?? row;
      await ctx.fenced((tx) =>
        finish(tx, latest, outcome === 'done' ? null : outcome.reason, outcome === 'done' ? undefined : outcome.detail),
      );
    },
    async onFailed(job, error) {
      const { extractionId } = JSON.parse(job.payload) as ExtractionPayload;
      await writeTransaction(deps.store, null, async (tx) => {
        const row = await extractionById(tx, extractionId);
        if (!row || row.status === 'EXECUTED' || row.status === 'FAILED') return;
        await finish(tx, row, '', `the extraction could not finish: ${error}`);
      });
    },
  };
}

type WorkOutcome = 'done' | 'paused' | { reason: FailureReason; detail: string };

/** Pages the search or list, then builds its records batch by batch; enrichment comes after (run). */
async function work(
  ctx: Ctx,
  row: ExtractionRow,
  connector: SalesToolConnector,
  deps: ExtractionJobDeps,
  pause: (ctx: Ctx, row: ExtractionRow) => Promise<void>,
): Promise<WorkOutcome> {
  const target = JSON.parse(row.target) as SalesNavTarget | { kind: 'profiles' };
  const paged = ctx.checkpoint?.pagingDone === true || ctx.payload.pagingDone === true;
  if (target.kind !== 'profiles' && SalesToolConnector.isPaged(target) && !paged) {
    // A recurring run reads only what is new in its saved search since its window began.
    const read =
      row.schedule_id && target.kind === 'saved-search'
        ? { ...target, lastViewedAt: String(await takeWindow(ctx, row, deps.worldNow, deps.store.db)) }
        : target;
    await page(ctx, row, read, connector, deps);
  }
  const filters = searchFilters(target);
  const build = {
    connector,
    companies: new Map(),
    filters,
    enrich: row.enrich_email,
    sourceUrl: row.source_url,
    now: deps.clock.now(),
  };
  // The last quarter is the profiles; with enrichment, its last tenth is finding the emails.
  const builtShare = row.enrich_email === 'none' ? 24 : 15;
  for (;;) {
    const usage = (await deps.quota.seats(row.account_id)).find((s) => s.seat.id === row.seat_id);
    const { available } = await deps.credits.balance(row.account_id);
    const items = await pendingItems(deps.store.db, row.id, BATCH);
    if (items.length === 0) return 'done';
    if (!usage || usage.remaining < 1) {
      return { reason: 'quota_exceeded', detail: "the seat's daily quota ran out during the extraction" };
    }
    const take = Math.min(items.length, Math.floor(available), usage.remaining);
    if (take < 1) {
      await pause(ctx, (await extractionById(deps.store.db, row.id)) ?? row);
      return 'paused';
    }
    const batch = items.slice(0, take);
    const built = await buildBatch({ ...build, now: deps.clock.now() }, batch);
    const kept = built.flatMap((r) => (r.record ? [{ ...r, record: r.record }] : []));
    const unread = built.filter((r) => r.record === null).map((r) => r.position);
    const first = batch[0]?.position ?? 0;
    try {
      await ctx.fenced(async (tx) => {
        // Submitted profiles the tool would not give are no records: not kept, not charged, not counted.
        await dropItems(tx, row.id, unread);
        if (kept.length === 0) return;
        const hold = await deps.credits.hold(
          row.account_id,
          kept.length,
          `extraction:${row.id}:hold:${first}`,
          `extraction ${row.name || row.id}`,
          tx,
        );
        await insertHold(tx, { extraction_id: row.id, hold_id: hold.id, amount: kept.length, committed: 0 });
        await saveRecords(
          tx,
          row.id,
          kept.map((r) => ({
            position: r.position,
            record: JSON.stringify(r.record),
            enrich_person: r.person ? JSON.stringify(r.person) : null,
          })),
        );
        await recordUsage(tx, {
          id: newId(),
          seat_id: row.seat_id,
          account_id: row.account_id,
          count: kept.length,
          idempotency_key: `extraction:${row.id}:use:${first}`,
          created_at: deps.clock.now(),
        });
        const { items: all, records } = await itemCounts(tx, row.id);
        const progress = 75 + Math.floor((builtShare * records) / Math.max(1, all));
        await updateExtraction(tx, row.id, {
          progress: Math.min(99, progress),
          record_count: records,
          updated_at: deps.clock.now(),
        });
      });
    } catch (error) {
      // Another hold took the credits between the balance read and ours.
      if (error instanceof ApiError && error.type === 'InsufficientCredits') {
        await pause(ctx, (await extractionById(deps.store.db, row.id)) ?? row);
        return 'paused';
      }
      throw error;
    }
  }
}

/** Reads the search or list page by page from the checkpoint, storing every hit as an item. */
async function page(
  ctx: Ctx,
  row: ExtractionRow,
  target: SalesNavTarget,
  connector: SalesToolConnector,
  deps: ExtractionJobDeps,
): Promise<void> {
  const from = ctx.checkpoint?.pagedTo ?? 0;
  for await (const result of connector.pages(target, { from })) {
    const stubs = result.items.flatMap((item, i) => {
      const stub = item as Stub;
      const entity =
        item.shape === 'lead-hit'
          ? leadKey(item.hit.entityUrn)?.leadId
          : companyIdOf(item.shape === 'account-hit' ? item.hit.entityUrn : item.row.companyInfo?.entityUrn);
      return entity
        ? [
            {
              extraction_id: row.id,
              position: result.start + i,
              entity_id: entity,
              stub: JSON.stringify(stub),
              record: null,
              enrich_person: null,
            },
          ]
        : [];
    });
    const pagedTo = result.start + result.items.length + result.skipped;
    const reachable = result.reachable ?? row.reachable ?? pagedTo;
    const total = result.total ?? row.total_prospects;
    // A recurring run leaves out what its schedule's other runs delivered (run-window.ts).
    const delivered = row.schedule_id
      ? await deliveredByOtherRuns(
          deps.store.db,
          row.schedule_id,
          row.id,
          stubs.map((s) => s.entity_id),
        )
      : new Set<string>();
    await ctx.fenced(async (tx) => {
      await insertItems(
        tx,
        stubs.filter((s) => !delivered.has(s.entity_id)),
      );
      const progress = Math.min(75, Math.floor((75 * pagedTo) / Math.max(1, reachable)));
      await updateExtraction(tx, row.id, { progress, reachable, total_prospects: total, updated_at: deps.clock.now() });
    });
    await ctx.saveCheckpoint({ pagedTo, pagingDone: false });
  }
  await ctx.saveCheckpoint({ pagedTo: Number.MAX_SAFE_INTEGER, pagingDone: true });
  await ctx.fenced((tx) => updateExtraction(tx, row.id, { progress: 75, updated_at: deps.clock.now() }));
}

/** A search's own filters, which its records are checked against (saved and recent searches: not in the URL). */
function searchFilters(target: SalesNavTarget | { kind: 'profiles' }): SearchQuery | null {
  return target.kind === 'people-search' || target.kind === 'company-search' ? target.query : null;
}
