/**
 * A company name without its legal form ("Müller Maschinenbau GmbH" → Müller Maschinenbau, with the
 * hint that its domain may end in .de/.at/.ch). verification.md §6 "Company name → domain" step 1.
 */
import { foldName, type UmlautStyle } from '../names/ascii-fold.ts';
import { GENERIC_WORDS, LEGAL_FORMS } from './legal-forms.ts';

export interface CleanCompanyName {
  /** The name's words as written, legal form removed ("&" kept as a word). */
  readonly words: readonly string[];
  /** Country domains the legal forms hint at, most likely first. */
  readonly legalTlds: readonly string[];
}

const FORMS = [...LEGAL_FORMS].sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);

/** Lower case, dots dropped inside abbreviations (S.A. → sa, sp. z o.o. → sp z oo), commas to spaces. */
function tokens(name: string): string[] {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[,;()]/g, ' ')
    .replace(/\./g, '')
    .replace(/\s*&\s*/g, ' & ')
    .split(/\s+/)
    .filter(Boolean);
}

export function cleanCompanyName(name: string): CleanCompanyName {
  const words = tokens(name);
  const original = name
    .normalize('NFC')
    .replace(/[,;()]/g, ' ')
    .replace(/\s*&\s*/g, ' & ')
    .split(/\s+/)
    .filter(Boolean);
  const legalTlds: string[] = [];
  let end = words.length;
  let stripped = true;
  while (stripped && end > 1) {
    stripped = false;
    const tail = words.slice(0, end);
    if (tail[tail.length - 1] === '&' || tail[tail.length - 1] === 'and' || tail[tail.length - 1] === '-') {
      end -= 1;
      stripped = true;
      continue;
    }
    for (const [form, tlds] of FORMS) {
      const formWords = form.split(' ');
      if (formWords.length >= end) continue;
      if (tail.slice(end - formWords.length).join(' ') === form) {
        end -= formWords.length;
        for (const t of tlds) if (!legalTlds.includes(t)) legalTlds.push(t);
        stripped = true;
        break;
      }
    }
  }
  // `original` and `words` line up word for word except where dots were dropped, which never splits a word.
  const kept = original.length === words.length ? original.slice(0, end) : words.slice(0, end);
  return { words: kept.map((w) => w.replace(/\.$/, '')), legalTlds };
}

/** The name folded to ASCII words (no "&", no empty words). */
export function foldedWords(words: readonly string[], umlauts: UmlautStyle): string[] {
  return words.map((w) => (w === '&' ? '' : foldName(w, umlauts).replace(/-/g, ''))).filter(Boolean);
}

/**
 * The key under which domains learned from extracted company records are stored and looked up:
 * legal form and a leading "the" dropped, folded, joined ("The Müller Group GmbH" → mullergroup).
 */
export function companyKey(name: string): string {
  const words = foldedWords(cleanCompanyName(name).words, 'strip');
  return (words[0] === 'the' && words.length > 1 ? words.slice(1) : words).join('');
}

export const isGenericWord = (folded: string): boolean => GENERIC_WORDS.has(folded);
