/**
 * The extraction use cases: accepting URL, profile-list and single extractions (seat, quota and
 * credit checks, the URL checked against the sales tool at once), listing, and reading results.
 * The work itself is the durable job in run-job.ts.
 */

import { EXTRACTION_STATUS_FILTER } from '../../../lib/contract/enums.ts';
import type {
  ExtractionCreateOut,
  ExtractionDetailQuery,
  ExtractionInProgressOut,
  ExtractionListItemOut,
  ExtractionListQuery,
  SingleExtractionOut,
} from '../../../lib/contract/extractions.ts';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';
import type { AuthContext } from '../accounts/accounts.ts';
import type { Credits } from '../billing/credits.ts';
import type { Quota } from '../billing/quota.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { SalesToolConnector } from '../salestool/connector.ts';
import { type ExtractionRow, extractionOf, listExtractions, recordTexts } from '../store/extractions-repo.ts';
import type { ExtractionItemsTable, ExtractionType } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { checkWebhookTarget } from '../webhooks/check-target.ts';
import { insertExtractionWithJob, notStarted } from './enqueue.ts';
import { callOnSeat, salesToolRefused } from './seat-call.ts';
import type { SeatConnectorFactory } from './seat-connector.ts';
import { entityOf } from './targets.ts';
import { usableSeats } from './usable-seats.ts';
import { csvChunks, detailChunks, inProgressView, isRunning, listItemView } from './views.ts';

/** api.md: the single extraction answers within about 25 s, else 202. */
export const SINGLE_WAIT_MS = 25_000;

export interface ExtractionDeps {
  config: Config;
  store: Store;
  credits: Credits;
  quota: Quota;
  queue: JobQueue;
  clock: Clock;
  connectors: SeatConnectorFactory;
}

interface Accepting {
  type: ExtractionType;
  kind: 'lead' | 'account';
  target: SalesNavTarget | { kind: 'profiles' };
  name: string;
  sourceUrl: string | null;
  enrich: 'none' | 'matching' | 'all';
  webhookUrl: string | null;
  total: number;
  reachable: number | null;
  items: ExtractionItemsTable[];
  seatId: string;
}

export type DetailAnswer =
  | { status: 202; body: ExtractionInProgressOut }
  | { status: 200; json: AsyncIterable<string> };

export class Extractions {
  constructor(private readonly deps: ExtractionDeps) {}

  /** POST /v1/extractions/url/: a search or a list, checked against the sales tool before it is accepted. */
  async fromUrl(
    auth: AuthContext,
    body: {
      linkedin_url: string;
      search_name: string;
      webhook_url?: string | null;
      enrich_email: 'none' | 'matching' | 'all';
    },
  ): Promise<ExtractionCreateOut> {
    const parsed = parseSalesNavUrl(body.linkedin_url);
    if (!parsed.ok) throw urlRefused(parsed.reason);
    const target = parsed.value;
    await this.checkWebhook(auth, body.webhook_url);
    const seat = await this.pickSeat(auth.accountId);
    if ((await this.deps.credits.balance(auth.accountId)).available <= 0) {
      throw new ApiError('InsufficientCredits', 'A search extraction needs a positive credit balance to start.');
    }
    const first = await this.probe(auth, seat.id, target);
    if (first.reachable > seat.remaining) throw quotaExceeded(first.reachable, seat.remaining);
    const kind =
      target.kind === 'people-search' || target.kind === 'lead-list' || isLeadSearch(target) ? 'lead' : 'account';
    const id = await this.accept(auth, {
      type: target.kind === 'lead-list' || target.kind === 'account-list' ? 'LIST' : 'SEARCH',
      kind,
      target,
      name: body.search_name.trim(),
      sourceUrl: body.linkedin_url,
      enrich: body.enrich_email,
      webhookUrl: body.webhook_url ?? null,
      total: first.total,
      reachable: first.reachable,
      items: [],
      seatId: seat.id,
    });
    return { extraction_id: id, success: true, message: 'Extraction accepted.', status: 'ACCEPTED', count: 0 };
  }

  /** POST /v1/extractions/profiles/: every submitted lead or account; refused whole when credits do not cover it. */
  async fromProfiles(
    auth: AuthContext,
    body: {
      profile_ids: string[];
      search_name: string;
      webhook_url?: string | null;
      enrich_email: 'none' | 'matching' | 'all';
    },
  ): Promise<ExtractionCreateOut> {
    const entities = body.profile_ids.map((ref) => entityOf(ref));
    const id0 = newId();
    const items = uniqueItems(id0, entities);
    await this.checkWebhook(auth, body.webhook_url);
    const seat = await this.pickSeat(auth.accountId);
    if (items.length > seat.remaining) throw quotaExceeded(items.length, seat.remaining);
    const id = await this.accept(
      auth,
      {
        type: 'UPLOAD',
        kind: entities[0]?.kind ?? 'lead',
        target: { kind: 'profiles' },
        name: body.search_name.trim(),
        sourceUrl: null,
        enrich: body.enrich_email,
        webhookUrl: body.webhook_url ?? null,
        total: items.length,
        reachable: items.length,
        items,
        seatId: seat.id,
      },
      { id: id0, cover: items.length },
    );
    const n = items.length;
    return {
      extraction_id: id,
      success: true,
      message: `Extraction accepted: ${n} profile${n === 1 ? '' : 's'}.`,
      status: 'ACCEPTED',
      count: n,
    };
  }

  /** POST /v1/extractions/single/: waits up to about 25 s for the record, then answers 202. */
  async single(
    auth: AuthContext,
    body: { profile_id: string; enrich_email: 'none' | 'matching' | 'all'; webhook_url?: string | null },
    waitMs = SINGLE_WAIT_MS,
  ): Promise<{ status: 200; body: SingleExtractionOut } | { status: 202; body: ExtractionCreateOut }> {
    const entity = entityOf(body.profile_id);
    const id = newId();
    await this.checkWebhook(auth, body.webhook_url);
    const seat = await this.pickSeat(auth.accountId);
    if (seat.remaining < 1) throw quotaExceeded(1, seat.remaining);
    await this.accept(
      auth,
      {
        type: 'SINGLE',
        kind: entity.kind,
        target: entity.target,
        name: '',
        sourceUrl: null,
        enrich: body.enrich_email,
        webhookUrl: body.webhook_url ?? null,
        total: 1,
        reachable: 1,
        items: uniqueItems(id, [entity]),
        seatId: seat.id,
      },
      { id, cover: 1 },
    );
    const row = await this.waitFor(auth.accountId, id, waitMs);
    // The run ended as the checks before it would have refused it: the seat's session was refused
    // meanwhile (409), or its quota went to another extraction (429). The extraction stays listed.
    if (row?.status === 'FAILED' && row.failure_reason === 'auth_error') {
      throw new ApiError(
        'NoUsableSeat',
        `The seat's Sales Navigator session is no longer accepted; reconnect it with the extension (extraction ${id}).`,
      );
    }
    if (row?.status === 'FAILED' && row.failure_reason === 'quota_exceeded') throw quotaExceeded(1, 0);
    // Executed, or failed because the tool gave nothing for the id: the record, or {} (api.md).
    // A PAUSED single (another extraction took the credit meanwhile) is still to come: 202.
    if (row && (row.status === 'EXECUTED' || row.status === 'FAILED')) {
      const [record] = await recordTexts(this.deps.store.db, id, 0, 1);
      return { status: 200, body: { extraction_id: id, success: true, prospect: record ? JSON.parse(record) : {} } };
    }
    return {
      status: 202,
      body: {
        extraction_id: id,
        success: true,
        message: 'Still working: poll GET /v1/extractions/{id}/.',
        status: row?.status ?? 'ACCEPTED',
        count: 1,
      },
    };
  }

  async list(accountId: string, query: ExtractionListQuery): Promise<ExtractionListItemOut[]> {
    const status = query.status ? EXTRACTION_STATUS_FILTER[query.status] : undefined;
    const rows = await listExtractions(this.deps.store.db, accountId, {
      start: query.start,
      limit: query.limit,
      ...(status ? { status } : {}),
    });
    return rows.map(listItemView);
  }

  async detail(accountId: string, id: string, query: ExtractionDetailQuery): Promise<DetailAnswer> {
    const row = await this.find(accountId, id);
    if (isRunning(row)) return { status: 202, body: inProgressView(row) };
    return { status: 200, json: detailChunks(this.deps.store.db, row, query.start, query.limit ?? null) };
  }

  /** The records as CSV (beyond the spec): 202 while running, like the JSON detail. */
  async csv(
    accountId: string,
    id: string,
    query: Partial<ExtractionDetailQuery> = {},
  ): Promise<{ status: 202; body: ExtractionInProgressOut } | { status: 200; csv: AsyncIterable<string> }> {
    const row = await this.find(accountId, id);
    if (isRunning(row)) return { status: 202, body: inProgressView(row) };
    return { status: 200, csv: csvChunks(this.deps.store.db, row, query.start ?? 0, query.limit ?? null) };
  }

  private async find(accountId: string, id: string): Promise<ExtractionRow> {
    const row = await extractionOf(this.deps.store.db, accountId, id);
    if (!row) throw notFound('Extraction');
    return row;
  }

  /** The valid seat with the most quota left (decisions.md); 409 when there is none. */
  private async pickSeat(accountId: string): Promise<{ id: string; remaining: number }> {
    const [best] = await usableSeats(this.deps.quota, accountId);
    if (!best) throw new TypeError('usableSeats gives at least one seat');
    return best;
  }

  /**
   * Reads the first result of a search or list on the seat: the tool's estimate, and whether it can
   * be read at all (api.md: "The URL is checked against the sales tool synchronously").
   */
  private async probe(
    auth: AuthContext,
    seatId: string,
    target: SalesNavTarget,
  ): Promise<{ total: number; reachable: number }> {
    if (!SalesToolConnector.isPaged(target)) throw urlRefused('is not a search or a list');
    return callOnSeat(this.deps, auth, seatId, urlRefused, async (connector) => {
      const first = await connector.pages(target, { limit: 1 }).next();
      const total = first.done ? 0 : (first.value.total ?? first.value.items.length);
      return { total, reachable: Math.min(total, 2_500) };
    });
  }

  /** Stores the extraction, its items and its job in one transaction (and, for lists of profiles, checks the credits). */
  private async accept(auth: AuthContext, a: Accepting, opts: { id?: string; cover?: number } = {}): Promise<string> {
    const id = opts.id ?? newId();
    const now = this.deps.clock.now();
    await writeTransaction(this.deps.store, auth.accountId, async (tx) => {
      if (opts.cover !== undefined) {
        const { available } = await this.deps.credits.balance(auth.accountId, tx);
        if (available < opts.cover) {
          throw new ApiError(
            'InsufficientCredits',
            `This needs ${opts.cover} credits (1 per profile); the account has ${available} available.`,
          );
        }
      }
      await insertExtractionWithJob(
        tx,
        this.deps.queue,
        {
          id,
          account_id: auth.accountId,
          mode: auth.mode,
          seat_id: a.seatId,
          type: a.type,
          kind: a.kind,
          name: a.name,
          status: 'ACCEPTED',
          source_url: a.sourceUrl,
          target: JSON.stringify(a.target),
          enrich_email: a.enrich,
          webhook_url: a.webhookUrl,
          ...notStarted(now),
          total_prospects: a.total,
          reachable: a.reachable,
        },
        a.items,
      );
    });
    return id;
  }

  /** Polls the extraction until it leaves the running states or the time is up. */
  private async waitFor(accountId: string, id: string, waitMs: number): Promise<ExtractionRow | undefined> {
    const until = Date.now() + waitMs;
    let row = await extractionOf(this.deps.store.db, accountId, id);
    while (row && isRunning(row) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      row = await extractionOf(this.deps.store.db, accountId, id);
    }
    return row;
  }

  private async checkWebhook(auth: AuthContext, url: string | null | undefined): Promise<void> {
    if (url)
      await checkWebhookTarget(url, { allowLoopback: this.deps.config.webhookAllowLoopback && auth.mode === 'test' });
  }
}

const isLeadSearch = (t: SalesNavTarget) =>
  (t.kind === 'saved-search' || t.kind === 'recent-search') && t.search === 'LEAD';

function uniqueItems(extractionId: string, entities: ReturnType<typeof entityOf>[]): ExtractionItemsTable[] {
  const seen = new Set<string>();
  const items: ExtractionItemsTable[] = [];
  for (const e of entities) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    items.push({
      extraction_id: extractionId,
      position: items.length,
      entity_id: e.id,
      stub: JSON.stringify(e.target),
      record: null,
      enrich_person: null,
    });
  }
  return items;
}

const urlRefused = salesToolRefused('body.linkedin_url');

function quotaExceeded(needed: number, remaining: number): ApiError {
  return new ApiError(
    'QuotaExceeded',
    `This extraction needs ${needed} profiles of the seat's daily quota; ${remaining} remain in the last 24 hours.`,
  );
}
