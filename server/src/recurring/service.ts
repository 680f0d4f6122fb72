/**
 * The recurring export use cases (api.md "Recurring export endpoints"): schedule a search, list,
 * read, change and stop schedules. Scheduling saves the search on the seat once (a URL with a
 * savedSearchId is scheduled as that saved search) and stores the schedule with its template
 * extraction, which waits in SCHEDULED; it reads nothing of the search. The runs are fired by
 * the scheduler (scheduler.ts).
 */
import type { z } from 'zod';
import type {
  RecurringExportCreateInSchema,
  RecurringExportCreateOut,
  RecurringExportDeleteOut,
  RecurringExportOut,
  RecurringExportUpdateIn,
} from '../../../lib/contract/recurring.ts';
import { buildSalesNavUrl } from '../../../lib/salesnav/build-url.ts';
import type { SearchKind, SearchQuery } from '../../../lib/salesnav/filters.ts';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import { type SalesNavTarget, targetSearchKind } from '../../../lib/salesnav/target.ts';
import type { AuthContext } from '../accounts/accounts.ts';
import type { Quota } from '../billing/quota.ts';
import type { Clock } from '../core/clock.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { callOnSeat } from '../extractions/seat-call.ts';
import type { SeatConnectorFactory } from '../extractions/seat-connector.ts';
import { extractionOf, insertExtraction, updateExtraction } from '../store/extractions-repo.ts';
import {
  insertSchedule,
  liveScheduleOf,
  liveScheduleOfSearch,
  liveSchedules,
  runIdsOf,
  type ScheduleRow,
  updateSchedule,
} from '../store/recurring-repo.ts';
import type { Frequency } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { isUniqueViolation } from '../store/unique-violation.ts';
import { nextRunAfter, runTime } from './cadence.ts';
import { queryKey, savedSearchKey } from './search-identity.ts';
import { scheduleView } from './views.ts';
import type { WorldTime } from './world-time.ts';

export interface RecurringDeps {
  store: Store;
  quota: Quota;
  clock: Clock;
  worldTime: WorldTime;
  connectors: SeatConnectorFactory;
}

type CreateIn = z.output<typeof RecurringExportCreateInSchema>;

/** What is being scheduled, before it is known as a saved search on the seat. */
interface Source {
  target: SalesNavTarget;
  field: 'body.url' | 'body.extraction_id';
  name: string;
  enrich: 'none' | 'matching' | 'all';
  webhookUrl: string | null;
  /** The seat the extraction ran on: its saved searches are its own. */
  seatId?: string;
}

/** The search as the schedule will run it. */
interface Resolved {
  kind: SearchKind;
  key: string;
  savedSearchId: string;
}

export class RecurringExports {
  constructor(private readonly deps: RecurringDeps) {}

  async create(auth: AuthContext, body: CreateIn): Promise<RecurringExportCreateOut> {
    const source = await this.source(auth, body);
    const kind = targetSearchKind(source.target);
    if (!kind) throw notSchedulable(source.field, 'lists and single profiles cannot be scheduled');
    const seatId = await this.pickSeat(auth.accountId, source.seatId);
    const frequency = body.frequency as Frequency;

    const known = await this.knownSearch(auth, source, kind, seatId);
    const existing = await liveScheduleOfSearch(this.deps.store.db, auth.accountId, known.lookup);
    if (existing) return { ...(await this.recadence(auth, existing, frequency)), created: false };

    const resolved = known.resolved ?? (await this.saveOnSeat(auth, source, kind, seatId, known.query));
    try {
      const row = await this.insert(auth, source, resolved, seatId, frequency);
      return { ...scheduleView(row, []), created: true };
    } catch (error) {
      // Another request scheduled the same search a moment ago: theirs stands, with this cadence.
      if (!isUniqueViolation(error)) throw error;
      const raced = await liveScheduleOfSearch(this.deps.store.db, auth.accountId, known.lookup);
      if (!raced) throw error;
      return { ...(await this.recadence(auth, raced, frequency)), created: false };
    }
  }

  async list(accountId: string): Promise<RecurringExportOut[]> {
    const rows = await liveSchedules(this.deps.store.db, accountId);
    const runs = await runIdsOf(
      this.deps.store.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => scheduleView(r, runs.get(r.id) ?? []));
  }

  async get(accountId: string, id: string): Promise<RecurringExportOut> {
    return this.view(await this.find(accountId, id));
  }

  /**
   * PATCH: an omitted field is left as is, and a field sent with its current value changes nothing
   * (an active schedule whose run is overdue stays overdue). A new cadence starts from now; a
   * resumed schedule whose date passed while paused runs at its next date after now.
   */
  async update(auth: AuthContext, id: string, body: RecurringExportUpdateIn): Promise<RecurringExportOut> {
    const row = await this.find(auth.accountId, id);
    const now = await this.deps.worldTime.now(row.mode);
    const patch: Partial<ScheduleRow> = {};
    const name = body.name?.trim();
    if (name !== undefined && name !== row.name) patch.name = name;
    const frequency = body.frequency as Frequency | undefined;
    if (frequency !== undefined && frequency !== row.frequency) {
      Object.assign(patch, { frequency, anchor_at: now, next_run_at: runTime(now, frequency, 1) });
    }
    if (body.paused === true && row.status === 'active') patch.status = 'paused';
    if (body.paused === false && row.status === 'paused') {
      patch.status = 'active';
      const anchor = patch.anchor_at ?? row.anchor_at;
      const next = patch.next_run_at ?? row.next_run_at;
      if (next <= now) patch.next_run_at = nextRunAfter(anchor, patch.frequency ?? row.frequency, now);
    }
    if (Object.keys(patch).length === 0) return this.view(row);
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      await updateSchedule(tx, row.id, { ...patch, updated_at: now });
      // The template's name is the name of the next run.
      if (patch.name !== undefined) {
        await updateExtraction(tx, row.template_extraction_id, { name: patch.name, updated_at: this.deps.clock.now() });
      }
    });
    return this.view({ ...row, ...patch, updated_at: now });
  }

  /**
   * DELETE: stopped for good. Runs already made stay; the template leaves SCHEDULED for FAILED
   * (with no failure reason: nothing went wrong, no run will come), so no extraction waits forever.
   */
  async stop(auth: AuthContext, id: string): Promise<RecurringExportDeleteOut> {
    const row = await this.find(auth.accountId, id);
    const now = await this.deps.worldTime.now(row.mode);
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      await updateSchedule(tx, row.id, { status: 'stopped', stopped_at: now, updated_at: now });
      const real = this.deps.clock.now();
      await updateExtraction(tx, row.template_extraction_id, {
        status: 'FAILED',
        failure_reason: '',
        failure_detail: 'the recurring export was stopped',
        updated_at: real,
        completed_at: real,
      });
    });
    return { success: true, schedule_id: row.id, stopped: true };
  }

  private async find(accountId: string, id: string): Promise<ScheduleRow> {
    const row = await liveScheduleOf(this.deps.store.db, accountId, id);
    if (!row) throw notFound('Recurring export');
    return row;
  }

  private async view(row: ScheduleRow): Promise<RecurringExportOut> {
    const runs = await runIdsOf(this.deps.store.db, [row.id]);
    return scheduleView(row, runs.get(row.id) ?? []);
  }

  /** The search to schedule: an extraction already launched, or a URL. */
  private async source(auth: AuthContext, body: CreateIn): Promise<Source> {
    if (body.extraction_id) {
      const row = await extractionOf(this.deps.store.db, auth.accountId, body.extraction_id);
      if (!row) throw notFound('Extraction');
      if (row.type !== 'SEARCH') {
        throw notSchedulable(
          'body.extraction_id',
          `extraction ${row.id} read a ${row.type === 'LIST' ? 'list' : 'set of profiles'}; only people and company searches can be scheduled`,
        );
      }
      return {
        target: JSON.parse(row.target) as SalesNavTarget,
        field: 'body.extraction_id',
        name: body.name?.trim() || row.name,
        enrich: row.enrich_email,
        webhookUrl: row.webhook_url,
        seatId: row.seat_id,
      };
    }
    const parsed = parseSalesNavUrl(body.url ?? '');
    if (!parsed.ok) throw notSchedulable('body.url', parsed.reason);
    const kind = targetSearchKind(parsed.value);
    const fallback = kind === 'ACCOUNT' ? 'Recurring company search' : 'Recurring people search';
    return {
      target: parsed.value,
      field: 'body.url',
      name: body.name?.trim() || fallback,
      enrich: 'none',
      webhookUrl: null,
    };
  }

  /** The valid seat to use: the extraction's own when it still is, else the one with most quota left; 409 when none. */
  private async pickSeat(accountId: string, preferred?: string): Promise<string> {
    const valid = (await this.deps.quota.seats(accountId)).filter((s) => s.seat.status === 'valid');
    const own = valid.find((s) => s.seat.id === preferred);
    const best = own ?? valid.sort((a, b) => b.remaining - a.remaining)[0];
    if (!best) {
      throw new ApiError(
        'NoUsableSeat',
        'No usable seat: a recurring export runs on a connected Sales Navigator seat. Connect one with the Leadforge extension (or reconnect an expired one).',
      );
    }
    return best.seat.id;
  }

  /**
   * How to find a schedule of this search, before anything is saved: a saved search by its id on
   * the seat; a search by its filters (a recent search's filters are read from its first page).
   */
  private async knownSearch(
    auth: AuthContext,
    source: Source,
    kind: SearchKind,
    seatId: string,
  ): Promise<{
    lookup: { key: string; savedSearchId?: string; seatId?: string };
    resolved?: Resolved;
    query?: SearchQuery;
  }> {
    const { target } = source;
    if (target.kind === 'saved-search') {
      const key = savedSearchKey(kind, seatId, target.savedSearchId);
      return {
        lookup: { key, savedSearchId: target.savedSearchId, seatId },
        resolved: { kind, key, savedSearchId: target.savedSearchId },
      };
    }
    let query: SearchQuery | null;
    if (target.kind === 'people-search' || target.kind === 'company-search') query = target.query;
    else {
      query = await callOnSeat(this.deps, auth, seatId, refusedOn(source.field), (c) => c.echoedQuery(target));
      if (!query) {
        throw notSchedulable(
          source.field,
          'the sales tool did not tell this recent search’s filters; open it and schedule the URL of the search page',
        );
      }
    }
    return { lookup: { key: queryKey(kind, query) }, query };
  }

  /** Saves a search given by its filters on the seat, once; a saved search is checked to be there. */
  private async saveOnSeat(
    auth: AuthContext,
    source: Source,
    kind: SearchKind,
    seatId: string,
    query: SearchQuery | undefined,
  ): Promise<Resolved> {
    if (!query) throw new TypeError('a search to save needs its query');
    const savedSearchId = await callOnSeat(this.deps, auth, seatId, refusedOn(source.field), (c) =>
      c.saveSearch(kind, source.name, query),
    );
    return { kind, key: queryKey(kind, query), savedSearchId };
  }

  private async insert(
    auth: AuthContext,
    source: Source,
    resolved: Resolved,
    seatId: string,
    frequency: Frequency,
  ): Promise<ScheduleRow> {
    const { target } = source;
    if (target.kind === 'saved-search') {
      // Scheduled as it is: the saved search must be on the seat (read one result to know).
      await callOnSeat(this.deps, auth, seatId, refusedOn(source.field), (c) =>
        c
          .pages({ kind: 'saved-search', search: resolved.kind, savedSearchId: resolved.savedSearchId }, { limit: 1 })
          .next(),
      );
    }
    const now = await this.deps.worldTime.now(auth.mode);
    const real = this.deps.clock.now();
    const runTarget: SalesNavTarget = {
      kind: 'saved-search',
      search: resolved.kind,
      savedSearchId: resolved.savedSearchId,
    };
    const sourceUrl = buildSalesNavUrl(runTarget);
    const row: ScheduleRow = {
      id: newId(),
      account_id: auth.accountId,
      mode: auth.mode,
      seat_id: seatId,
      name: source.name,
      frequency,
      status: 'active',
      search_kind: resolved.kind,
      saved_search_id: resolved.savedSearchId,
      search_key: resolved.key,
      source_url: sourceUrl,
      template_extraction_id: newId(),
      anchor_at: now,
      next_run_at: runTime(now, frequency, 1),
      last_run_at: null,
      // api.md: the first run holds only the leads new since this call.
      covered_until: now,
      last_skipped_at: null,
      last_skip_reason: null,
      created_at: now,
      updated_at: now,
      stopped_at: null,
    };
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      await insertExtraction(tx, {
        id: row.template_extraction_id,
        account_id: auth.accountId,
        mode: auth.mode,
        seat_id: seatId,
        type: 'SEARCH',
        kind: resolved.kind === 'LEAD' ? 'lead' : 'account',
        name: source.name,
        status: 'SCHEDULED',
        failure_reason: '',
        failure_detail: null,
        source_url: sourceUrl,
        target: JSON.stringify(runTarget),
        enrich_email: source.enrich,
        webhook_url: source.webhookUrl,
        total_prospects: 0,
        reachable: null,
        progress: 0,
        record_count: 0,
        paused_count: 0,
        created_at: real,
        updated_at: real,
        completed_at: null,
      });
      await insertSchedule(tx, row);
    });
    return row;
  }

  /** The same search scheduled again: its cadence is updated (from now), nothing else. */
  private async recadence(auth: AuthContext, row: ScheduleRow, frequency: Frequency): Promise<RecurringExportOut> {
    if (frequency === row.frequency) return this.view(row);
    return this.update(auth, row.id, { frequency });
  }
}

const notSchedulable = (field: string, reason: string) =>
  new ApiError('ValidationError', `Invalid request. ${field}: ${reason}`, {
    details: [{ field, rule: 'not_schedulable', message: reason }],
  });

const refusedOn = (field: string) => (reason: string) =>
  new ApiError('ValidationError', `Invalid request. ${field}: ${reason}`, {
    details: [{ field, rule: 'sales_tool_refused', message: reason }],
  });
