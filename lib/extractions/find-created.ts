/**
 * Whether a creation this browser sent, but never heard back about, reached the service: the
 * service worker may be stopped between sending and hearing back (extension.md), and a network
 * failure may hide an answer that was on its way. The newest extractions are searched for one of
 * the same kind (and name, for a search or list) created since the request was sent, that no other
 * request of this browser owns. The request also carried an Idempotency-Key header, for a service
 * that honours one.
 */
import type { ApiClient } from '../api/client.ts';
import type { ApiFailure } from '../api/failure.ts';
import type { ExtractionListItemOut } from '../contract/extractions.ts';
import { parseExtractionTime } from '../contract/time.ts';
import { isClaimed } from '../db/creations-store.ts';
import type { LeadforgeDb } from '../db/database.ts';
import type { CreationRow } from '../db/job-rows.ts';

/** The browser's clock and the service's may differ (the service may be another machine). */
export const CLOCK_SLACK_MS = 2 * 60_000;

export type Found = { ok: true; item: ExtractionListItemOut | null } | { ok: false; failure: ApiFailure };

export async function findCreated(
  client: ApiClient,
  db: LeadforgeDb,
  creation: CreationRow,
  now: number,
): Promise<Found> {
  const list = await client.listExtractions({ limit: 25 });
  if (!list.ok) return list;
  const { plan } = creation;
  const candidates = list.data
    .filter((item) => {
      const created = parseExtractionTime(item.search_date_created).getTime();
      if (created < creation.sentAt - CLOCK_SLACK_MS || created > now + CLOCK_SLACK_MS) return false;
      if (plan.endpoint === 'single') return item.extraction_type === 'SINGLE';
      return (
        (item.extraction_type === 'SEARCH' || item.extraction_type === 'LIST') &&
        item.search_name === plan.body.search_name
      );
    })
    // The list is newest first; the first one made after sending is the likeliest.
    .reverse();
  for (const item of candidates) {
    if (!(await isClaimed(db, item.search_id, creation.requestId))) return { ok: true, item };
  }
  return { ok: true, item: null };
}
