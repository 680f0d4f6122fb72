/**
 * Keywords, as the search box takes them: words and "quoted phrases", all required, with the
 * upper-case Boolean operators OR, AND, NOT and parentheses (§4.1: `"family office" OR "multi family
 * office"`). [inf] how the real tool weighs keywords is not public; here a term matches when its
 * words appear together in the entity's text, ignoring case and accents.
 */

export type TextPredicate = (text: string) => boolean;

/** Lower case, no accents, words separated by single spaces, padded: so " term " finds whole words. */
export function normaliseText(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether normalised `haystack` holds the words of `needle` in a row. */
export function hasPhrase(haystack: string, needle: string): boolean {
  const words = normaliseText(needle);
  return words.trim() !== '' && haystack.includes(words);
}

type Token = { kind: 'term'; text: string } | { kind: 'op'; op: 'AND' | 'OR' | 'NOT' | '(' | ')' };

function tokenise(input: string): Token[] {
  const tokens: Token[] = [];
  const re = /"([^"]*)"|(\()|(\))|([^\s()"]+)/g;
  for (let m = re.exec(input); m; m = re.exec(input)) {
    if (m[1] !== undefined) tokens.push({ kind: 'term', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'op', op: '(' });
    else if (m[3]) tokens.push({ kind: 'op', op: ')' });
    else if (m[4] === 'AND' || m[4] === 'OR' || m[4] === 'NOT') tokens.push({ kind: 'op', op: m[4] });
    else if (m[4]) tokens.push({ kind: 'term', text: m[4] });
  }
  return tokens;
}

/** A predicate over normalised text; an empty or unreadable expression matches everything. */
export function compileKeywords(input: string): TextPredicate {
  const tokens = tokenise(input);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (op: string) => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  const or = (): TextPredicate | undefined => {
    const parts = [and()].filter((p): p is TextPredicate => p !== undefined);
    while (isOp('OR')) {
      pos++;
      const next = and();
      if (next) parts.push(next);
    }
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : (text) => parts.some((p) => p(text));
  };
  const and = (): TextPredicate | undefined => {
    const parts: TextPredicate[] = [];
    for (;;) {
      if (isOp('AND')) {
        pos++;
        continue;
      }
      const t = peek();
      if (!t || (t.kind === 'op' && (t.op === 'OR' || t.op === ')'))) break;
      const part = unary();
      if (part) parts.push(part);
    }
    if (parts.length === 0) return undefined;
    return (text) => parts.every((p) => p(text));
  };
  const unary = (): TextPredicate | undefined => {
    const t = peek();
    if (!t) return undefined;
    pos++;
    if (t.kind === 'term') return (text) => hasPhrase(text, t.text);
    if (t.op === 'NOT') {
      const inner = unary();
      return inner ? (text) => !inner(text) : undefined;
    }
    if (t.op === '(') {
      const inner = or();
      if (isOp(')')) pos++;
      return inner;
    }
    return undefined; // a stray ')'
  };
  const predicate = or();
  return predicate ?? (() => true);
}
