/**
 * Learning a domain's address pattern from addresses known there (confirmed finds, validations),
 * each with its owner's name. verification.md §6 "Learning a domain's pattern" [inf]: find the
 * patterns that reproduce each local part (trailing digits allowed: a collision suffix), then weigh
 * patterns by prior × likelihood with noise ε. The state is plain JSON so the service can store it per
 * domain and fold in each new confirmed address with `addExample`.
 */
import type { UmlautStyle } from '../names/ascii-fold.ts';
import { type PersonName, parseName } from '../names/parse-name.ts';
import type { AddressPattern } from './address-patterns.ts';
import { originsFor } from './origins.ts';

export interface LearnedPattern {
  /** Addresses folded in, whether or not a pattern explained them. */
  readonly examples: number;
  /** Per pattern, how many addresses it explains (an address explained by k patterns gives 1/k to each). */
  readonly support: Readonly<Partial<Record<AddressPattern, number>>>;
  /** Addresses whose spelling showed the domain's umlaut style (Müller as mueller or muller). */
  readonly umlauts: Readonly<Record<UmlautStyle, number>>;
}

export interface PatternExample {
  readonly name: PersonName;
  /** The local part, or the whole address (the part before the last @ is used). */
  readonly address: string;
}

/** Chance that one address does not follow the domain's pattern (verification.md §6 "ε≈0.05"; 0.02 here so one example outweighs a 10× prior gap [inf]). */
export const PATTERN_NOISE = 0.02;
const DOMINANT_SUPPORT = 2;

export const emptyLearnedPattern = (): LearnedPattern => ({
  examples: 0,
  support: {},
  umlauts: { expand: 0, strip: 0 },
});

export function addExample(learned: LearnedPattern, example: PatternExample): LearnedPattern {
  const at = example.address.lastIndexOf('@');
  const local = (at >= 0 ? example.address.slice(0, at) : example.address).toLowerCase();
  const parsed = parseName(example.name);
  const origins = parsed ? originsFor(parsed) : [];
  let matches = origins.filter((o) => o.local === local);
  if (matches.length === 0) matches = origins.filter((o) => o.local === local.replace(/\d+$/, ''));
  const patterns = new Set(matches.map((m) => m.pattern));
  const support = { ...learned.support };
  for (const p of patterns) support[p] = (support[p] ?? 0) + 1 / patterns.size;
  const styles = new Set(matches.map((m) => m.umlauts));
  const umlauts = { ...learned.umlauts };
  // Only an address that one spelling explains and the other does not tells the domain's style.
  if (styles.size === 1) {
    const only = [...styles][0];
    if (only) umlauts[only] += 1;
  }
  return { examples: learned.examples + 1, support, umlauts };
}

export function learnPattern(examples: readonly PatternExample[]): LearnedPattern {
  return examples.reduce(addExample, emptyLearnedPattern());
}

/** How much the evidence multiplies a pattern's prior: ((1-ε)/ε)^support. */
export function patternFactor(learned: LearnedPattern | null | undefined, pattern: AddressPattern): number {
  const support = learned?.support[pattern] ?? 0;
  return ((1 - PATTERN_NOISE) / PATTERN_NOISE) ** support;
}

/** The domain's umlaut style as a weight: the style seen more often gets 10× the other [inf]. */
export function umlautFactor(learned: LearnedPattern | null | undefined, style: UmlautStyle | null): number {
  if (!learned || style === null) return 1;
  const other = style === 'expand' ? learned.umlauts.strip : learned.umlauts.expand;
  return learned.umlauts[style] > other ? 10 : learned.umlauts[style] < other ? 0.1 : 1;
}

/** The pattern explaining the most addresses, when at least two explain it and no other pattern ties. */
export function dominantPattern(
  learned: LearnedPattern | null | undefined,
): { pattern: AddressPattern; support: number } | null {
  if (!learned) return null;
  const ranked = (Object.entries(learned.support) as [AddressPattern, number][]).sort((a, b) => b[1] - a[1]);
  const [top, next] = ranked;
  if (!top || top[1] < DOMINANT_SUPPORT || (next && next[1] === top[1])) return null;
  return { pattern: top[0], support: top[1] };
}

/** Patterns with their share of the evidence, best first (what a domain search can show). */
export function patternShares(learned: LearnedPattern): { pattern: AddressPattern; share: number }[] {
  if (learned.examples === 0) return [];
  return (Object.entries(learned.support) as [AddressPattern, number][])
    .map(([pattern, support]) => ({ pattern, share: support / learned.examples }))
    .sort((a, b) => b.share - a.share);
}
