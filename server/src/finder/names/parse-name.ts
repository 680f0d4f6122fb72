/**
 * A person's name as the sales tool or a user gives it, split into the parts address patterns use:
 * given name, middle names, family name (with its particles), and nicknames written in the name.
 * verification.md §6: titles and suffixes (Dr, Prof, Jr, III, MBA, PhD) are dropped; particles
 * (van der, de la, von, da …) belong to the family name; "Last, First" is swapped.
 */
import { foldName } from './ascii-fold.ts';

export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  middleName?: string | null;
  /** Used when first or last name is missing ("Dr. John Smith Jr.", "Smith, John"). */
  fullName?: string | null;
}

export interface ParsedName {
  /** The given name as written, possibly compound ("Jean-Luc", "María José"). */
  given: string;
  middle: readonly string[];
  /** The family name as written, particles included ("van der Rohe", "García López"). */
  family: string;
  /** Short forms written into the name: Robert "Bob" Smith, Robert (Bob) Smith. */
  written_nicknames: readonly string[];
}

const TITLES = new Set(
  'mr mrs ms miss mx dr prof professor sir dame lord lady rev fr herr frau mme mlle m sr sra dott ing dipl mag'.split(
    ' ',
  ),
);
/** Post-nominals dropped wherever they are at the end; short ones that are also surnames (Ma, Ba) only after a comma. */
const SUFFIXES = new Set(
  'jr jnr sr snr ii iii iv phd md mba cpa esq cfa pmp dds jd llm dphil msc bsc meng frcs facs rn pe'.split(' '),
);
const PARTICLES = new Set(
  'van von der den de da di du del della dello dos das do le la lo ten ter zu zum zur bin binti al el st t'.split(' '),
);

const key = (word: string): string => foldName(word, 'strip').replace(/-/g, '');
const isSuffix = (word: string): boolean => SUFFIXES.has(key(word));
const isTitle = (word: string): boolean => TITLES.has(key(word)) && !word.includes('-');
/** A one-letter particle only with its apostrophe ('t Hart): a bare "T" or "Y" is a middle initial. */
export const isParticle = (word: string): boolean => {
  const k = key(word);
  return PARTICLES.has(k) && (k.length > 1 || /['’]/.test(word));
};

/** Removes "(Bob)" and "\"Bob\"" from a name, returning them as nicknames; also drops emoji and "(she/her)". */
function takeNicknames(text: string): { rest: string; nicknames: string[] } {
  const nicknames: string[] = [];
  const rest = text
    .replace(/[("“'‘]([^()"“”'‘’]+)[)"”'’](?=\s|$)/gu, (whole, inner: string, offset: number) => {
      // An apostrophe inside a word (O'Brien, D'Angelo) is part of the name, not a quote.
      if (whole.startsWith("'") || whole.startsWith('‘')) {
        const before = text.charAt(offset - 1);
        if (before && !/\s/.test(before)) return whole;
      }
      if (!inner.includes('/') && /\p{L}/u.test(inner)) nicknames.push(inner.trim());
      return ' ';
    })
    .replace(/[^\p{L}\p{M}\p{N}\s'’.,-]/gu, ' ');
  return { rest, nicknames };
}

/** Words of a name part without titles in front or suffixes behind (a lone word is always kept). */
function cleanWords(text: string): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '' && w !== ',' && w !== '.');
  while (words.length > 1 && isTitle(words[0] ?? '')) words.shift();
  while (words.length > 1 && isSuffix(words[words.length - 1] ?? '')) words.pop();
  return words.map((w) => w.replace(/^[.,]+|[,]+$/g, '')).filter((w) => /\p{L}/u.test(w));
}

/** Drops anything after a comma that is only credentials ("Smith, MBA", "Smith, Jr., CPA"). */
function dropCredentials(text: string): { text: string; swapped?: [string, string] } {
  const [head = '', ...tail] = text.split(',');
  if (tail.length === 0) return { text };
  const after = tail.join(' ').trim();
  const afterWords = after.split(/[\s.]+/).filter(Boolean);
  if (afterWords.every((w) => isSuffix(w) || /^[A-Z]{2,5}$/.test(w))) return { text: head };
  return { text, swapped: [after, head] };
}

/** Where the family name starts in a full name: at its first particle, else its last word. */
function familyStart(words: readonly string[]): number {
  for (let i = 1; i < words.length - 1; i++) if (isParticle(words[i] ?? '')) return i;
  return words.length - 1;
}

export function parseName(name: PersonName): ParsedName | null {
  const nicknames: string[] = [];
  const part = (text: string | null | undefined): string[] => {
    if (!text) return [];
    const taken = takeNicknames(text);
    nicknames.push(...taken.nicknames);
    return cleanWords(dropCredentials(taken.rest).text.replace(/,/g, ' '));
  };

  let given = part(name.firstName);
  let family = part(name.lastName);
  let middle = part(name.middleName);
  if ((given.length === 0 || family.length === 0) && name.fullName) {
    const taken = takeNicknames(name.fullName);
    nicknames.push(...taken.nicknames);
    const { text, swapped } = dropCredentials(taken.rest);
    const words = swapped ? [...cleanWords(swapped[0]), ...cleanWords(swapped[1])] : cleanWords(text);
    if (swapped && words.length >= 2) {
      const familyWords = cleanWords(swapped[1]);
      const givenWords = cleanWords(swapped[0]);
      given = given.length ? given : givenWords.slice(0, 1);
      middle = middle.length ? middle : givenWords.slice(1);
      family = family.length ? family : familyWords;
    } else if (words.length >= 2) {
      const start = familyStart(words);
      given = given.length ? given : words.slice(0, 1);
      middle = middle.length ? middle : words.slice(1, start);
      family = family.length ? family : words.slice(start);
    } else if (given.length === 0 && family.length === 0) {
      given = words;
    }
  }
  if (given.length === 0 && family.length === 0) return null;
  return { given: given.join(' '), middle, family: family.join(' '), written_nicknames: nicknames };
}
