import { CONSUMER_DOMAINS } from './data/consumer-domains.ts';

/**
 * Typo suggestions (verification.md §5). mailcheck's defaults suggest `acme.com → me.com`; reacher
 * only suggests after MX lookup failed. So: a suggestion is made only when the caller has seen that
 * the typed domain has no MX (the caller's duty: `hasMx` below), only toward a consumer domain, and
 * only within a small edit distance, tighter for short names [inference: thresholds from §5].
 */
const CONSUMERS = new Set(CONSUMER_DOMAINS);

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions (gmial → gmail). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The consumer domain the user probably meant, or null. `hasMx` must be false: a domain that has MX
 * records is someone's real domain and is never "corrected".
 */
export function suggestDomain(domain: string, hasMx: boolean): string | null {
  const typed = domain.toLowerCase();
  if (hasMx || CONSUMERS.has(typed)) return null;
  const typedName = typed.split('.')[0] as string;
  const limit = typedName.length <= 6 ? 1 : 2;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of CONSUMER_DOMAINS) {
    const distance = editDistance(typed, candidate);
    if (distance <= limit && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  return best?.domain ?? null;
}
