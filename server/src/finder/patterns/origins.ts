/**
 * Every local part a person's name can give, with how it was made (pattern, umlaut style) and its
 * weight: pattern prior × spelling weights. Candidate ranking and pattern learning both read these.
 */
import { hasUmlaut, type UmlautStyle } from '../names/ascii-fold.ts';
import { type NameVariant, nameForms } from '../names/name-forms.ts';
import type { ParsedName } from '../names/parse-name.ts';
import { type AddressPattern, isUsableLocalPart, PATTERN_NAMES, PATTERNS } from './address-patterns.ts';

export interface CandidateOrigin {
  readonly local: string;
  readonly pattern: AddressPattern;
  /** The umlaut spelling used, or null when the name has no umlaut (both spellings agree). */
  readonly umlauts: UmlautStyle | null;
  readonly weight: number;
  readonly nickname: boolean;
}

const NONE: readonly NameVariant[] = [{ token: '', weight: 1 }];

/** Weights scaled to sum to 1, so that a pattern ignoring a part (last@) sums to its prior. */
function normalised(variants: readonly NameVariant[]): readonly NameVariant[] {
  if (variants.length === 0) return NONE;
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  return variants.map((v) => ({ ...v, weight: v.weight / total }));
}

export function originsFor(parsed: ParsedName): CandidateOrigin[] {
  const written = `${parsed.given} ${parsed.middle.join(' ')} ${parsed.family}`;
  // Both spellings of a German umlaut are equally likely until the domain's own addresses say [inf].
  const styles: readonly (UmlautStyle | null)[] = hasUmlaut(written) ? ['expand', 'strip'] : [null];
  const byKey = new Map<string, CandidateOrigin>();
  for (const style of styles) {
    const forms = nameForms(parsed, style ?? 'strip');
    const styleWeight = 1 / styles.length;
    for (const pattern of PATTERN_NAMES) {
      const { prior, render } = PATTERNS[pattern];
      for (const first of normalised(forms.first)) {
        for (const last of normalised(forms.last)) {
          const local = render({ first: first.token, last: last.token, middleInitial: forms.middleInitial });
          if (local === null || !isUsableLocalPart(local)) continue;
          const weight = prior * first.weight * last.weight * styleWeight;
          const key = `${local}|${pattern}|${style}`;
          const had = byKey.get(key);
          byKey.set(key, {
            local,
            pattern,
            umlauts: style,
            weight: (had?.weight ?? 0) + weight,
            nickname: (had?.nickname ?? true) && first.nickname === true,
          });
        }
      }
    }
  }
  return [...byKey.values()];
}
