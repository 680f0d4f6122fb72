/**
 * The sales-tool connector: what extraction asks of a seat's session, in the protocol's terms.
 * It pages through searches and lists (100 a page, never past the tool's 2,500-result cap, paced
 * like a person), fetches profiles and companies, and tells whose session it is. It knows nothing
 * of the sandbox: the simulator is reached over HTTPS exactly as the real host is.
 */
import type { SearchFilter, SearchKind, SearchQuery } from '../../../lib/salesnav/filters.ts';
import { serialiseSearchQuery, withoutSessionState } from '../../../lib/salesnav/search-query.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';
import {
  companyPath,
  encodeDecoration,
  PAGE_SIZE,
  type PagedShape,
  pagedRequest,
  profilePath,
  RESULT_CAP,
} from './endpoints.ts';
import { SalesToolBadResponse, SalesToolRefused } from './errors.ts';
import { noPacing, type Pacer } from './pacing.ts';
import {
  type AccountHit,
  AccountHitSchema,
  type AccountTableRow,
  AccountTableRowSchema,
  type Company,
  CompanySchema,
  EnvelopeSchema,
  type LeadHit,
  LeadHitSchema,
  type Profile,
  ProfileSchema,
} from './responses.ts';
import type { SalesToolSession } from './session-client.ts';

export type PagedItem =
  | { shape: 'lead-hit'; hit: LeadHit }
  | { shape: 'account-hit'; hit: AccountHit }
  | { shape: 'account-row'; row: AccountTableRow };

export interface ResultPage {
  /** Index of the first item of this page in the whole result. */
  start: number;
  items: PagedItem[];
  /** What the tool reports as the whole result's size (may exceed the 2,500 it pages to); null when it does not say. */
  total: number | null;
  /** How many results a run can reach: min(total, 2,500, the caller's limit). */
  reachable: number | null;
  /** Elements of this page that were not of the protocol's shape (left out of `items`). */
  skipped: number;
}

export class SalesToolConnector {
  private itemsFetched = 0;

  constructor(
    private readonly client: SalesToolSession,
    private readonly pacer: Pacer = noPacing,
  ) {}

  /** Whether a target is read page by page (searches and lists) rather than as one profile or company. */
  static isPaged(target: SalesNavTarget): boolean {
    return pagedRequest(target) !== undefined;
  }

  /**
   * The pages of a search or list, first to last: at most `limit` items (and never past the
   * tool's 2,500-result cap), starting at `from` (a resumed run). Each page is fetched only when
   * the previous one has been consumed, so a caller that stops early asks for nothing more.
   */
  async *pages(target: SalesNavTarget, opts: { limit?: number; from?: number } = {}): AsyncGenerator<ResultPage> {
    const request = pagedRequest(target);
    if (!request) throw new TypeError(`a ${target.kind} target is not a search or a list`);
    const wanted = Math.min(RESULT_CAP, opts.limit ?? RESULT_CAP);
    let start = opts.from ?? 0;
    for (let page = 1; start < wanted; page++) {
      const count = Math.min(PAGE_SIZE, wanted - start);
      await this.pacer.beforePage(page);
      let body: unknown;
      try {
        body = await this.client.getJson(request.path(start, count));
      } catch (error) {
        // FIRST: a 400 at or past the cap means "no more", not a broken search.
        if (error instanceof SalesToolRefused && error.status === 400 && start >= RESULT_CAP) return;
        throw error;
      }
      const envelope = EnvelopeSchema.safeParse(body);
      if (!envelope.success) throw new SalesToolBadResponse('a result page is not an {elements, paging} envelope');
      const { elements, paging } = envelope.data;
      const items: PagedItem[] = [];
      for (const element of elements) {
        const item = readItem(request.shape, element);
        if (item) items.push(item);
      }
      const total = paging?.total ?? null;
      const reachable = total === null ? null : Math.min(total, wanted);
      yield { start, items, total, reachable, skipped: elements.length - items.length };
      start += elements.length;
      // A short page ends the run only when the tool gave no total: it may serve fewer than asked.
      const ended = elements.length === 0 || (reachable === null ? elements.length < count : start >= reachable);
      if (ended) return;
    }
  }

  /** One lead's full profile (§2.7). */
  async profile(lead: { leadId: string; authType?: string; authToken?: string }): Promise<Profile> {
    await this.pacer.beforeItem(++this.itemsFetched);
    const parsed = ProfileSchema.safeParse(await this.client.getJson(profilePath(lead)));
    if (!parsed.success) throw new SalesToolBadResponse('a profile is not an object');
    return parsed.data;
  }

  /**
   * Saves a search on the seat, as the search page's "Save search" does, and returns its id.
   * [inf] Rest.li create on the saved-searches resource (§2.2 documents only its index).
   */
  async saveSearch(kind: SearchKind, name: string, query: SearchQuery): Promise<string> {
    const { body, headers } = await this.client.postJson('/sales-api/salesApiSavedSearchesV2', {
      name,
      searchType: kind,
      query: serialiseSearchQuery(withoutSessionState(query)),
    });
    const header = headers['x-restli-id'];
    const id = (Array.isArray(header) ? header[0] : header) ?? (body as { id?: unknown } | null)?.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,19}$/.test(String(id))) {
      throw new SalesToolBadResponse('saving a search gave no id');
    }
    return String(id);
  }

  /** The member's saved searches of a kind, with the filters the tool says they run (§2.2, the index). */
  async savedSearches(kind: SearchKind): Promise<{ id: string; query: SearchQuery | null }[]> {
    const q = kind === 'LEAD' ? 'savedPeopleSearches' : 'savedAccountSearches';
    const envelope = EnvelopeSchema.safeParse(
      await this.client.getJson(
        `/sales-api/salesApiSavedSearchesV2?decoration=${encodeDecoration('(createdAt,id,lastViewedAt,name,newHitsCount,seat,keywords,filters)')}&count=50&q=${q}&start=0`,
      ),
    );
    if (!envelope.success) throw new SalesToolBadResponse('the saved searches are not an {elements} envelope');
    return envelope.data.elements.flatMap((element) => {
      const e = element as Record<string, unknown> | null;
      const id = e?.id;
      if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,19}$/.test(String(id))) return [];
      return [{ id: String(id), query: echoedQuery(e) }];
    });
  }

  /**
   * The query a saved or recent search runs, from the filters its first page echoes (the tool
   * echoes what it applied); null when the tool does not say.
   */
  async echoedQuery(target: SalesNavTarget): Promise<SearchQuery | null> {
    const request = pagedRequest(target);
    if (!request) return null;
    const envelope = EnvelopeSchema.safeParse(await this.client.getJson(request.path(0, 1)));
    return envelope.success ? echoedQuery(envelope.data.metadata as Record<string, unknown> | undefined) : null;
  }

  /** One company (§2.8). */
  async company(accountId: string): Promise<Company> {
    await this.pacer.beforeItem(++this.itemsFetched);
    const parsed = CompanySchema.safeParse(await this.client.getJson(companyPath(accountId)));
    if (!parsed.success) throw new SalesToolBadResponse('a company is not an object');
    return parsed.data;
  }
}

function readItem(shape: PagedShape, element: unknown): PagedItem | undefined {
  if (shape === 'lead-hit') {
    const hit = LeadHitSchema.safeParse(element);
    return hit.success ? { shape, hit: hit.data } : undefined;
  }
  if (shape === 'account-hit') {
    const hit = AccountHitSchema.safeParse(element);
    return hit.success ? { shape, hit: hit.data } : undefined;
  }
  const row = AccountTableRowSchema.safeParse(element);
  return row.success ? { shape, row: row.data } : undefined;
}

/** A query from what the tool echoes of one (`filters`, `keywords`); null when it gives no filters. */
function echoedQuery(source: Record<string, unknown> | null | undefined): SearchQuery | null {
  if (!source || !Array.isArray(source.filters)) return null;
  const filters = source.filters.filter(
    (f): f is SearchFilter => typeof f === 'object' && f !== null && typeof (f as { type?: unknown }).type === 'string',
  );
  const keywords = typeof source.keywords === 'string' ? source.keywords : undefined;
  return { filters, ...(keywords !== undefined && { keywords }) };
}
