/**
 * Paging and the envelope (§2.6, §3): `start`/`count` with count 1..100, no page past the first
 * 2,500 results (start + count > 2,500 is a 400, as FIRST and LIB find), `paging.total` the true
 * total (it may exceed 2,500), `paging.count` the number of elements returned.
 */
import { apiError, json, type Reply } from './state.ts';

export const RESULT_CAP = 2_500;
export const MAX_COUNT = 100;
/** [inf] what the UI asks for (§2.2) when a request names no count. */
export const DEFAULT_COUNT = 25;

export type PageResult = { ok: true; start: number; count: number } | { ok: false; reply: Reply };

export function readPage(params: URLSearchParams): PageResult {
  const startText = params.get('start') ?? '0';
  const countText = params.get('count') ?? String(DEFAULT_COUNT);
  if (!/^\d{1,9}$/.test(startText)) return { ok: false, reply: apiError(400, 'start must be a whole number from 0') };
  if (!/^\d{1,9}$/.test(countText))
    return { ok: false, reply: apiError(400, 'count must be a whole number from 1 to 100') };
  const start = Number(startText);
  const count = Number(countText);
  if (count < 1 || count > MAX_COUNT)
    return { ok: false, reply: apiError(400, 'count must be a whole number from 1 to 100') };
  if (start + count > RESULT_CAP) {
    return {
      ok: false,
      reply: apiError(
        400,
        `Sales Navigator limits results to the first ${RESULT_CAP}: start + count must not exceed ${RESULT_CAP}`,
      ),
    };
  }
  return { ok: true, start, count };
}

/** "2K+" for large totals, the number itself below 1,000. [inf] the exact display rule is not known. */
export function totalDisplayCount(total: number): string {
  if (total >= 1_000_000) return `${Math.floor(total / 1_000_000)}M+`;
  if (total >= 1000) return `${Math.floor(total / 1000)}K+`;
  return String(total);
}

const NORMALIZED = 'application/vnd.linkedin.normalized+json+2.1';

/** The decorated envelope, or the normalized one when the client asks for it (§2.1, §2.6). */
export function envelope(
  accept: string | undefined,
  elements: Record<string, unknown>[],
  paging: { start: number; total: number },
  metadata: Record<string, unknown>,
): Reply {
  const page = { start: paging.start, count: elements.length, total: paging.total, links: [] };
  if (accept?.includes(NORMALIZED)) {
    const included = elements.map((e) => {
      const urn = entityUrnOf(e);
      return { ...e, ...(urn ? { entityUrn: urn } : {}), $type: typeOf(e) };
    });
    return json(
      200,
      { data: { '*elements': included.map((e) => e.entityUrn), paging: page, metadata }, included },
      { 'Content-Type': NORMALIZED },
    );
  }
  return json(200, { elements, paging: page, metadata });
}

/** A single entity: as it is, or `{data, included}` in the normalized form. */
export function single(accept: string | undefined, entity: Record<string, unknown>): Reply {
  if (accept?.includes(NORMALIZED)) return json(200, { data: entity, included: [] }, { 'Content-Type': NORMALIZED });
  return json(200, entity);
}

function entityUrnOf(e: Record<string, unknown>): string | undefined {
  if (typeof e.entityUrn === 'string') return e.entityUrn;
  const info = e.companyInfo as Record<string, unknown> | undefined;
  return typeof info?.entityUrn === 'string' ? info.entityUrn : undefined;
}

/** [inf] `$type` names: the notes say only that they contain SearchHit/Profile or Company (LIB). */
function typeOf(e: Record<string, unknown>): string {
  const recipe = String(e.$recipeType ?? '');
  if (recipe.endsWith('LeadSearchResult')) return 'com.linkedin.sales.search.LeadSearchHit';
  if (recipe.endsWith('AccountSearchResult')) return 'com.linkedin.sales.search.AccountSearchHit';
  return 'com.linkedin.sales.company.Company';
}
