/**
 * Which Sales Navigator page a URL shows, from the URL alone: the content script decides what to
 * offer before the page's DOM has rendered, and the service validates pasted URLs the same way.
 * A URL this does not recognise is 'unknown', never a guess. Only host and path count here: a
 * search page with a query this code cannot read is still a search page (parse-url.ts judges the
 * query). No DOM, no Node. URL forms: salestool-protocol.md §1.
 */
import { classifySalesPath, isLinkedInHost } from './sales-path.ts';

export const PAGE_KINDS = [
  'people-search',
  'company-search',
  'lead-list',
  'account-list',
  'lead',
  'account',
  'unknown',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export function pageKind(input: string | URL): PageKind {
  const url = toUrl(input);
  if (url?.protocol !== 'https:' || !isLinkedInHost(url.hostname)) return 'unknown';
  if (url.username !== '' || url.password !== '' || url.port !== '') return 'unknown';
  const path = classifySalesPath(url.pathname);
  return path.ok ? path.value.page : 'unknown';
}

function toUrl(input: string | URL): URL | undefined {
  if (input instanceof URL) return input;
  try {
    return new URL(input);
  } catch {
    return undefined;
  }
}
