/**
 * The spellings of each name part that may appear in a local part, each with a weight (how likely a
 * mail administrator wrote it that way). Weights are relative within a part and are [inf] judgement
 * from verification.md §6 "Name normalisation": joined particles (vanderberg) first, stripped (berg)
 * and dotted (van.der.berg) after; hyphenated names kept (jean-pierre), joined (jeanpierre) and cut
 * to their first part; nicknames low.
 */
import { foldName, type UmlautStyle } from './ascii-fold.ts';
import { nicknamesOf } from './nicknames.ts';
import { isParticle, type ParsedName } from './parse-name.ts';

export interface NameVariant {
  readonly token: string;
  readonly weight: number;
  /** A short form (Bob for Robert) rather than the name itself: a low-prior extra. */
  readonly nickname?: boolean;
}

export interface NameForms {
  readonly first: readonly NameVariant[];
  readonly last: readonly NameVariant[];
  /** First letter of the first middle name, for {f}{m}{last} and {first}.{m}.{last}. */
  readonly middleInitial: string | null;
}

const NICKNAME_WEIGHT = 0.05;
const WRITTEN_NICKNAME_WEIGHT = 0.3;

/** Adds a variant, summing weights when two rules give the same spelling. */
function add(out: Map<string, NameVariant>, token: string, weight: number, nickname = false): void {
  if (!/^[a-z0-9]/.test(token) || token.length > 60) return;
  const had = out.get(token);
  out.set(token, { token, weight: (had?.weight ?? 0) + weight, ...(nickname && !had ? { nickname } : {}) });
}

/** Spellings of one name written as one or more words with hyphens (Jean-Luc, María José, Smith-Jones). */
function compoundSpellings(words: readonly string[], style: UmlautStyle, out: Map<string, NameVariant>, scale: number) {
  const folded = words.map((w) => foldName(w, style)).filter(Boolean);
  if (folded.length === 0) return;
  const kept = folded.join(''); // hyphens kept, spaces dropped: jean-luc, mariajose, smith-jones
  const parts = kept.split('-').filter(Boolean);
  if (folded.length === 1 && parts.length === 1) return add(out, kept, scale);
  // One part on its own is a spelling only if longer than a letter (not the Ó of Ó Súilleabháin).
  const alone = (part: string | undefined) => (part && part.length > 1 ? part : '');
  if (parts.length > 1) {
    add(out, kept, 0.45 * scale);
    add(out, parts.join(''), 0.35 * scale);
    add(out, alone(parts[0]), 0.12 * scale);
    add(out, alone(parts[parts.length - 1]), 0.08 * scale);
    return;
  }
  // Several words, no hyphen: a compound given name (María José) or a double surname (García López).
  add(out, kept, 0.5 * scale);
  add(out, alone(folded[0]), 0.35 * scale);
  add(out, folded.join('-'), 0.1 * scale);
  add(out, alone(folded[folded.length - 1]), 0.05 * scale);
}

function familySpellings(family: string, style: UmlautStyle): NameVariant[] {
  const words = family.split(/\s+/).filter(Boolean);
  const out = new Map<string, NameVariant>();
  let p = 0;
  while (p < words.length - 1 && isParticle(words[p] ?? '')) p++;
  if (p === 0) {
    compoundSpellings(words, style, out, 1);
  } else {
    const particles = words.slice(0, p).map((w) => foldName(w, style));
    const core = words.slice(p);
    const coreJoined = core.map((w) => foldName(w, style)).join('');
    add(out, [...particles, coreJoined].join(''), 0.6); // vandermeer, thart, delacruz
    compoundSpellings(core, style, out, 0.3); // meer, hart, cruz
    add(out, [...particles, coreJoined].join('.'), 0.05); // van.der.meer
    add(out, [...particles, coreJoined].join('-'), 0.05); // van-der-meer
  }
  return [...out.values()];
}

function givenSpellings(parsed: ParsedName, style: UmlautStyle): NameVariant[] {
  const out = new Map<string, NameVariant>();
  compoundSpellings(parsed.given.split(/\s+/).filter(Boolean), style, out, 1);
  const main = [...out.values()].sort((a, b) => b.weight - a.weight)[0]?.token ?? '';
  const firstPart = main.split('-')[0] ?? main;
  // A short form the person wrote into their name ("Robert (Bob) Smith") is likelier than a table's.
  for (const short of parsed.written_nicknames)
    add(out, foldName(short, style).replace(/-/g, ''), WRITTEN_NICKNAME_WEIGHT, true);
  for (const short of nicknamesOf(firstPart)) add(out, short, NICKNAME_WEIGHT, true);
  return [...out.values()];
}

/** The spellings of a parsed name under one umlaut style. */
export function nameForms(parsed: ParsedName, style: UmlautStyle): NameForms {
  const middle = parsed.middle.map((m) => foldName(m, style)).find(Boolean);
  return {
    first: parsed.given ? givenSpellings(parsed, style) : [],
    last: parsed.family ? familySpellings(parsed.family, style) : [],
    middleInitial: middle ? middle.charAt(0) : null,
  };
}
