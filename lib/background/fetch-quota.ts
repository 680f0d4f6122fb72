/** Fetches the quota into the cache and lets the seat catch up with what it says about this browser's seat. */
import { describeFailure } from '../api/describe-failure.ts';
import { writeQuota } from '../db/cache-store.ts';
import type { Problem } from '../problem.ts';
import type { SeatSync } from '../seat/seat-sync.ts';
import { openApi } from './api-access.ts';
import type { BackgroundDeps } from './deps.ts';

/** Null when the quota was fetched; otherwise why the service could not be asked. */
export async function fetchQuota(deps: BackgroundDeps, seats: SeatSync): Promise<Problem | null> {
  const api = await openApi(deps);
  if (!api.ok) return api.problem;
  const result = await api.client.quota();
  if (!result.ok) return describeFailure(result.failure, api.client.baseUrl);
  await writeQuota(deps.db, result.data.quota, deps.clock.now());
  await seats.reconcile(result.data.quota);
  return null;
}
