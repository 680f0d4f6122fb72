/**
 * What the in-page control reads from the Sales Navigator page: a name to prefill (the search's,
 * the list's, the lead's or the account's) and the result count the page shows, for an estimate.
 * The page kind never comes from here (it comes from the URL, lib/salesnav/page-kind.ts); the DOM
 * only supplies labels. Every selector lives in this one module, because LinkedIn's markup changes
 * often: when a selector stops matching, the control still works, with an empty name and no
 * estimate, never a wrong one.
 */
import type { PageKind } from '../salesnav/page-kind.ts';

export type KnownPageKind = Exclude<PageKind, 'unknown'>;

export interface PageFacts {
  /** A name for the extraction as the page shows it, or '' when none was found. */
  name: string;
  /** The result count the page shows (a lower bound when it says "1K+"), or null. */
  count: number | null;
}

/**
 * Where the name is, most specific first: the sandbox's `data-x` markers, then LinkedIn's own
 * data attributes as seen on its pages, then the page's first heading.
 */
const NAME_SELECTORS: Record<KnownPageKind, readonly string[]> = {
  'people-search': ['[data-x="search-title"]', '[data-x--search-name]'],
  'company-search': ['[data-x="search-title"]', '[data-x--search-name]'],
  'lead-list': ['[data-x="list-name"]', '[data-x--list-name]', 'h1'],
  'account-list': ['[data-x="list-name"]', '[data-x--list-name]', 'h1'],
  lead: ['[data-x="lead-name"]', '[data-x--lead--name]', 'h1'],
  account: ['[data-x="account-name"]', '[data-x--account--name]', 'h1'],
};

const COUNT_SELECTORS = ['[data-x="result-count"]', '[data-x--search-results-count]'];

/** "14 results", "1K+ results", "2,500+ results", "60 leads", "1.2K accounts". */
const COUNT_TEXT = /^\s*(\d[\d,.]*)\s*([KkMm])?\+?\s+(results?|leads?|accounts?)\s*$/;

/** Reads the page; never throws (a page mid-render gives what it has). */
export function readPageFacts(doc: Document, kind: KnownPageKind): PageFacts {
  return { name: readName(doc, kind), count: readCount(doc) };
}

function readName(doc: Document, kind: KnownPageKind): string {
  for (const selector of NAME_SELECTORS[kind]) {
    const text = clean(doc.querySelector(selector)?.textContent);
    if (text) return text;
  }
  return '';
}

function readCount(doc: Document): number | null {
  for (const selector of COUNT_SELECTORS) {
    const count = parseCount(doc.querySelector(selector)?.textContent ?? '');
    if (count !== null) return count;
  }
  // LinkedIn's own count sits in a short text node somewhere above the results: look for one.
  const walker = doc.createTreeWalker(doc.body ?? doc.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(), seen = 0; node && seen < 5000; node = walker.nextNode(), seen++) {
    const text = node.textContent ?? '';
    if (text.length > 40) continue;
    const count = parseCount(text);
    if (count !== null) return count;
  }
  return null;
}

/** The number in a count text, or null when it is not one. "1.2K+ results" → 1200. */
export function parseCount(text: string): number | null {
  const match = COUNT_TEXT.exec(text);
  if (!match) return null;
  const [, digits = '', unit] = match;
  const scale = unit === undefined ? 1 : unit.toLowerCase() === 'k' ? 1000 : 1_000_000;
  // "2,500" uses commas for thousands; "1.2K" a decimal point: read commas as separators only.
  const value = scale === 1 ? Number(digits.replace(/[,.]/g, '')) : Number(digits.replace(/,/g, '')) * scale;
  return Number.isFinite(value) ? Math.round(value) : null;
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 255);
}
