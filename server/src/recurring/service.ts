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
import { notStarted } from '../extractions/enqueue.ts';
import { callOnSeat, salesToolRefused } from '../extractions/seat-call.ts';
import type { SeatConnectorFactory } from '../extractions/seat-connector.ts';
import { usableSeats } from '../extractions/usable-seats.ts';
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
  private readonly creating = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: RecurringDeps) {}

  /** Runs an account's work after the account's work already under way here. */
  private oneAtATime<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const before = this.creating.get(accountId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.creating.set(accountId, settled);
    void settled.then(() => {
      if (this.creating.get(accountId) === settled) this.creating.delete(accountId);
    });
    return run;
  }

  /**
   * POST: schedules a search, or updates the cadence of the account's schedule of that search.
   * An account's creations run one at a time in this process, so that two requests for one search
   * save it on the seat once (across processes the unique index still keeps one schedule).
   */
  async create(auth: AuthContext, body: CreateIn): Promise<RecurringExportCreateOut> {
    return this.oneAtATime(auth.accountId, () => this.createNow(auth, body));
  }

  private async createNow(auth: AuthContext, body: CreateIn): Promise<RecurringExportCreateOut> {
    const source = await this.source(auth, body);
    const kind = targetSearchKind(source.target);
    if (!kind) throw notSchedulable(source.field, 'lists and single profiles cannot be scheduled');
    const seats = await usableSeats(this.deps.quota, auth.accountId, source.seatId);
    const frequency = body.frequency as Frequency;
    const found = await this.findSearch(auth, source, kind, seats);
    const existing = await liveScheduleOfSearch(this.deps.store.db, auth.accountId, found.lookup);
    if (existing) return { ...(await this.recadence(auth, existing, frequency)), created: false };

    const savedSearchId =
      found.savedSearchId ??
      (await callOnSeat(this.deps, auth, found.seatId, salesToolRefused(source.field), (c) =>
        c.saveSearch(kind, source.name, found.query),
      ));
    const resolved = { kind, key: found.key, savedSearchId };
    try {
      const row = await this.insert(auth, source, resolved, found.seatId, frequency);
      return { ...scheduleView(row, []), created: true };
    } catch (error) {
      // Another process scheduled the same search a moment ago: theirs stands, with this cadence.
      if (!isUniqueViolation(error)) throw error;
      const raced = await liveScheduleOfSearch(this.deps.store.db, auth.accountId, found.lookup);
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

  /**
   * The search on the seats, before anything is saved: which seat it runs on, the key it is stored
   * under, and what makes a schedule of it already there. A saved search runs on the seat that has
   * it; its filters, as the seat's index tells them, match a schedule of the same filters. A search
   * given by its filters (a recent search's, read from its first page) matches a saved search of
   * the same filters already on the seat, which it then runs instead of saving another.
   */
  private async findSearch(
    auth: AuthContext,
    source: Source,
    kind: SearchKind,
    seats: { id: string }[],
  ): Promise<{
    seatId: string;
    key: string;
    lookup: { keys: string[]; savedSearchId?: string };
    savedSearchId?: string;
    query: SearchQuery;
  }> {
    const { target, field } = source;
    const refused = salesToolRefused(field);
    const savedOn = (seatId: string) => callOnSeat(this.deps, auth, seatId, refused, (c) => c.savedSearches(kind));
    if (target.kind === 'saved-search') {
      for (const seat of seats) {
        const saved = (await savedOn(seat.id)).find((s) => s.id === target.savedSearchId);
        if (!saved) continue;
        const key = savedSearchKey(kind, target.savedSearchId);
        const keys = saved.query ? [key, queryKey(kind, saved.query)] : [key];
        const query = saved.query ?? { filters: [] };
        return { seatId: seat.id, key, lookup: { keys, savedSearchId: saved.id }, savedSearchId: saved.id, query };
      }
      throw refused(`saved search ${target.savedSearchId} is on none of the account's connected seats`);
    }
    const seatId = (seats[0] as { id: string }).id;
    let query: SearchQuery | null;
    if (target.kind === 'people-search' || target.kind === 'company-search') query = target.query;
    else {
      query = await callOnSeat(this.deps, auth, seatId, refused, (c) => c.echoedQuery(target));
      if (!query) {
        throw notSchedulable(
          field,
          'the sales tool did not tell this recent search’s filters; open it and schedule the URL of the search page',
        );
      }
    }
    const key = queryKey(kind, query);
    const same = (await savedOn(seatId)).find((s) => s.query !== null && queryKey(kind, s.query) === key);
    if (same) return { seatId, key, lookup: { keys: [key], savedSearchId: same.id }, savedSearchId: same.id, query };
    return { seatId, key, lookup: { keys: [key] }, query };
  }

  private async insert(
    auth: AuthContext,
    source: Source,
    resolved: Resolved,
    seatId: string,
    frequency: Frequency,
  ): Promise<ScheduleRow> {
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
        source_url: sourceUrl,
        target: JSON.stringify(runTarget),
        enrich_email: source.enrich,
        webhook_url: source.webhookUrl,
        ...notStarted(real),
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
