/**
 * The extraction endpoints of the in-memory service, as the contract (lib/contract/extractions.ts)
 * shapes them: create from a URL or a single profile, list newest first, and the detail's 202 and
 * paged 200. Tests move an extraction along with `advance`, and script failures with `refuse` and
 * `loseNextAnswer` (the service acts, the answer never arrives).
 */
import type { ExtractionStatus, ExtractionType } from '../../lib/contract/enums.ts';
import type { ProspectRecord } from '../../lib/contract/extractions.ts';
import { formatExtractionTime } from '../../lib/contract/time.ts';
import { apiError, json, type RecordedRequest } from './fake-fetch.ts';

export interface FakeExtraction {
  id: string;
  name: string;
  type: ExtractionType;
  status: ExtractionStatus;
  progress: number;
  total: number;
  createdAt: number;
  failureReason: string;
  prospects: ProspectRecord[];
  body: unknown;
}

const RUNNING: ReadonlySet<ExtractionStatus> = new Set(['ACCEPTED', 'SCHEDULED', 'EXECUTING']);

/** A lead record with a few of the 79 columns filled, as the service would send it. */
export function leadRecord(i: number): ProspectRecord {
  return {
    'Full Name': `Lead ${i}, "the" tester`,
    'First Name': 'Lead',
    'Last Name': `${i}`,
    Email: `lead${i}@example.test`,
    'Email Status': i % 2 === 0 ? 'safe' : 'riskier',
    'Company Name': 'Example Co',
    'Matches Filters': true,
    'Match Issues': '',
  };
}

export function accountRecord(i: number): ProspectRecord {
  return { 'Company Name': `Account ${i}`, 'Company Domain': `account${i}.test`, 'Company Employee Count': 40 + i };
}

export function fakeExtractions(now: () => number) {
  const extractions: FakeExtraction[] = [];
  let refusal: Response | null = null;
  let loseAnswer = false;
  let slowSingle = false;
  let counter = 0;

  const create = (type: ExtractionType, name: string, body: unknown, done: ProspectRecord | null) => {
    counter++;
    const extraction: FakeExtraction = {
      id: `0190c9e2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
      name,
      type,
      status: done ? 'EXECUTED' : 'ACCEPTED',
      progress: done ? 100 : 0,
      total: done ? 1 : 120,
      createdAt: now(),
      failureReason: '',
      prospects: done ? [done] : [],
      body,
    };
    extractions.unshift(extraction);
    return extraction;
  };

  const answer = (response: Response): Response => {
    if (!loseAnswer) return response;
    loseAnswer = false;
    throw new TypeError('Failed to fetch');
  };

  const detail = (e: FakeExtraction, query: URLSearchParams): Response => {
    const common = {
      search_id: e.id,
      search_name: e.name,
      status: e.status,
      extraction_type: e.type,
      created_at: formatExtractionTime(new Date(e.createdAt)),
      total_prospects: e.total,
      progress: e.progress,
    };
    if (RUNNING.has(e.status)) return json(202, common);
    const start = Number(query.get('start') ?? 0);
    const limit = query.has('limit') ? Number(query.get('limit')) : null;
    const page = e.prospects.slice(start, limit === null ? undefined : start + limit);
    return json(200, {
      ...common,
      completed_at: formatExtractionTime(new Date(e.createdAt)),
      failure_reason: e.failureReason,
      prospects: page,
      start,
      limit,
      returned_count: page.length,
      total_count: e.prospects.length,
      has_more: start + page.length < e.prospects.length,
    });
  };

  /** Answers a request under /v1/extractions/, or null when the path is not one of these. */
  function handle(request: RecordedRequest, url: URL): Response | null {
    const path = url.pathname;
    if (!path.startsWith('/v1/extractions/')) return null;
    if (request.method === 'POST' && refusal) {
      const refused = refusal;
      refusal = null;
      return refused;
    }
    if (path === '/v1/extractions/url/' && request.method === 'POST') {
      const body = request.body as { linkedin_url: string; search_name: string };
      const type = body.linkedin_url.includes('/sales/lists/') ? 'LIST' : 'SEARCH';
      const e = create(type, body.search_name, body, null);
      return answer(
        json(202, { extraction_id: e.id, success: true, message: 'Accepted.', status: 'ACCEPTED', count: 0 }),
      );
    }
    if (path === '/v1/extractions/single/' && request.method === 'POST') {
      const body = request.body as { profile_id: string };
      const account = body.profile_id.includes('/sales/company/');
      const record = account ? accountRecord(1) : leadRecord(1);
      const e = create('SINGLE', '', body, slowSingle ? null : record);
      if (slowSingle) {
        return answer(
          json(202, { extraction_id: e.id, success: true, message: 'Still working.', status: 'EXECUTING', count: 1 }),
        );
      }
      return answer(json(200, { extraction_id: e.id, success: true, prospect: record }));
    }
    if (path === '/v1/extractions/' && request.method === 'GET') {
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      return json(
        200,
        extractions.slice(start, start + limit).map((e) => ({
          search_id: e.id,
          search_name: e.name,
          status: e.status,
          extraction_type: e.type,
          total_prospects: e.total,
          search_date_created: formatExtractionTime(new Date(e.createdAt)),
        })),
      );
    }
    const match = /^\/v1\/extractions\/([^/]+)\/$/.exec(path);
    const found = match && extractions.find((e) => e.id === decodeURIComponent(match[1]!));
    if (found && request.method === 'GET') return detail(found, url.searchParams);
    return apiError(404, 'NotFound', 'No such extraction.');
  }

  return {
    handle,
    extractions,
    /** An extraction the service made by itself (a schedule's run), running. */
    add: (name: string, body: unknown) => create('SEARCH', name, body, null),
    /** Moves an extraction on: its state, progress, records and failure reason. */
    advance(id: string, change: Partial<Pick<FakeExtraction, 'status' | 'progress' | 'failureReason' | 'prospects'>>) {
      const e = extractions.find((x) => x.id === id);
      if (!e) throw new Error(`no extraction ${id}`);
      Object.assign(e, change);
    },
    /** The next create is answered with this error. */
    refuse(response: Response) {
      refusal = response;
    },
    /** The next create is carried out, but its answer is lost (a network failure on the way back). */
    loseNextAnswer() {
      loseAnswer = true;
    },
    setSlowSingle(value: boolean) {
      slowSingle = value;
    },
  };
}
