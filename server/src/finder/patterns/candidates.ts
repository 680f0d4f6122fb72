/**
 * The ordered, de-duplicated local parts to try for a person: each local part's weight is the sum of
 * the ways it can be made (pattern prior × spellings), multiplied by what the domain's known addresses
 * say (learn-pattern.ts). A pattern learned from ≥2 addresses dominates: its candidates come first.
 */
import type { UmlautStyle } from '../names/ascii-fold.ts';
import { type ParsedName, type PersonName, parseName } from '../names/parse-name.ts';
import { type AddressPattern, PATTERNS } from './address-patterns.ts';
import { dominantPattern, type LearnedPattern, patternFactor, umlautFactor } from './learn-pattern.ts';
import { originsFor } from './origins.ts';

export interface Candidate {
  readonly local: string;
  /** Share of the probability over all candidates of this person (before any cut). */
  readonly score: number;
  /** The likeliest way this local part was made. */
  readonly pattern: AddressPattern;
  readonly umlauts: UmlautStyle | null;
  /** Made only from a nickname (bob.smith for Robert Smith). */
  readonly nickname: boolean;
  /** Made with the domain's dominant learned pattern. */
  readonly learned: boolean;
}

export interface CandidateOptions {
  /** At most this many (the most likely); all when absent. */
  readonly max?: number;
}

export function candidatesFor(
  name: PersonName | ParsedName,
  learned?: LearnedPattern | null,
  options: CandidateOptions = {},
): Candidate[] {
  const parsed = 'given' in name ? name : parseName(name);
  if (!parsed) return [];
  const dominant = dominantPattern(learned)?.pattern ?? null;
  const byLocal = new Map<string, { total: number; best: number; candidate: Omit<Candidate, 'score'> }>();
  for (const o of originsFor(parsed)) {
    const weight = o.weight * patternFactor(learned, o.pattern) * umlautFactor(learned, o.umlauts);
    const had = byLocal.get(o.local);
    const isLearned = (had?.candidate.learned ?? false) || o.pattern === dominant;
    const candidate =
      !had || weight > had.best
        ? { local: o.local, pattern: o.pattern, umlauts: o.umlauts, nickname: o.nickname, learned: isLearned }
        : { ...had.candidate, learned: isLearned, nickname: had.candidate.nickname && o.nickname };
    byLocal.set(o.local, { total: (had?.total ?? 0) + weight, best: Math.max(had?.best ?? 0, weight), candidate });
  }
  const sum = [...byLocal.values()].reduce((s, c) => s + c.total, 0) || 1;
  const ranked = [...byLocal.values()]
    .map(({ total, candidate }) => ({ ...candidate, score: total / sum }))
    .sort(
      (a, b) =>
        Number(b.learned) - Number(a.learned) ||
        b.score - a.score ||
        PATTERNS[b.pattern].prior - PATTERNS[a.pattern].prior ||
        (a.local < b.local ? -1 : 1),
    );
  return options.max === undefined ? ranked : ranked.slice(0, options.max);
}
