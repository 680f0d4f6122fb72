/**
 * Turning a written name into what a mail administrator types into a local part: lower-case ASCII.
 * verification.md §6 "Name normalisation": NFKD + dropping combining marks handles é→e and ñ→n, but
 * not the letters below, which Unicode does not decompose; German umlauts are written two ways.
 */

/** Letters NFKD leaves alone (verification.md §6: `ß→ss ø→o ł→l đ→d æ→ae œ→oe þ→th ð→d`). */
const NO_DECOMPOSITION: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
  ı: 'i',
};

/** Umlauts written out, as many German-speaking companies do (Müller → mueller). */
const GERMAN_UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

export type UmlautStyle = 'strip' | 'expand';

/**
 * One word (or run of words) folded to `[a-z0-9-]`: accents dropped, umlauts stripped or expanded,
 * apostrophes, dots and spaces removed (O'Brien → obrien, St. John → stjohn), hyphens kept and
 * collapsed (callers decide whether to keep them).
 */
export function foldName(text: string, umlauts: UmlautStyle): string {
  let s = text.normalize('NFC').toLowerCase();
  if (umlauts === 'expand') s = s.replace(/[äöü]/g, (c) => GERMAN_UMLAUTS[c] ?? c);
  s = s.replace(/[ßẞøłđæœþðı]/g, (c) => NO_DECOMPOSITION[c] ?? c);
  s = s.normalize('NFKD').replace(/\p{M}/gu, '');
  s = s.replace(/[‐‑‒–—]/g, '-'); // typographic dashes in double-barrelled names
  s = s.replace(/[^a-z0-9-]/g, '');
  return s.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
}

/** Whether the two umlaut styles give different spellings (only then is the choice worth learning). */
export const hasUmlaut = (text: string): boolean => /[äöüÄÖÜ]/.test(text.normalize('NFC'));
