/** The client for the saved settings, or the problem that stops one from being made. */
import { type ApiAccess, createApiClient } from '../api/client.ts';
import { DEFAULT_RETRY, type RetryPolicy } from '../api/retry.ts';
import { readApiKey, readSettings } from '../db/settings-store.ts';
import { type Problem, problem } from '../problem.ts';
import { hostPermissionPattern, isLocalCompanion } from '../settings/base-url.ts';
import type { BackgroundDeps } from './deps.ts';

export async function openApi(deps: BackgroundDeps, retry: RetryPolicy = DEFAULT_RETRY): Promise<ApiAccess> {
  const [settings, apiKey] = await Promise.all([readSettings(deps.db), readApiKey(deps.db)]);
  if (!settings || !apiKey) {
    return {
      ok: false,
      problem: problem('not_configured', 'No API key is saved yet.', 'Open Settings and enter your API key.'),
    };
  }
  const access = await checkHostAccess(deps, settings.baseUrl);
  if (access) return { ok: false, problem: access };
  return { ok: true, client: clientFor(deps, settings.baseUrl, apiKey, retry) };
}

export function clientFor(deps: BackgroundDeps, baseUrl: string, apiKey: string, retry: RetryPolicy = DEFAULT_RETRY) {
  return createApiClient({ baseUrl, apiKey, fetch: deps.fetch, clock: deps.clock, random: deps.random, retry });
}

/** Null when the browser lets the extension reach `baseUrl`; otherwise what to do about it. */
export async function checkHostAccess(deps: BackgroundDeps, baseUrl: string): Promise<Problem | null> {
  if (isLocalCompanion(baseUrl) || (await deps.hasHostAccess(hostPermissionPattern(baseUrl)))) return null;
  return problem(
    'permission_missing',
    `The browser does not let Leadforge reach ${new URL(baseUrl).host} yet.`,
    'Press Save in Settings and allow access when the browser asks.',
  );
}
