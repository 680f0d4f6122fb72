/**
 * Rest.li 2.0 URL syntax, the language of Sales Navigator's `query=` parameter
 * (salestool-protocol.md §2.3, §4.1): `(key:value,…)` is a record, `List(a,b)` a list, anything
 * else a text leaf with its reserved characters percent-encoded. `''` is the empty string.
 *
 * The parser takes the query value already decoded once (what `URLSearchParams.get` returns) and
 * decodes each leaf once more, so `North%20America` and the address bar's `North%2520America`
 * (after the first decode) both read as "North America" (§1.8 step 5).
 */

export type RestliValue = string | RestliValue[] | RestliRecord;
export interface RestliRecord {
  [key: string]: RestliValue;
}

export type RestliResult = { ok: true; value: RestliValue } | { ok: false; reason: string };

/** Deeper than any real query (the deepest seen is 5); a bound keeps recursion safe on hostile input. */
const MAX_DEPTH = 32;
/** Characters that end a leaf: the structure of the syntax. */
const STRUCTURAL = new Set(['(', ')', ',', ':']);

class RestliSyntaxError extends Error {}

export function parseRestli(input: string): RestliResult {
  try {
    const reader = new Reader(input);
    const value = reader.value(0);
    if (reader.pos !== input.length) reader.fail(`unexpected '${input[reader.pos]}'`);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof RestliSyntaxError) return { ok: false, reason: error.message };
    throw error;
  }
}

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new RestliSyntaxError(`${message} at character ${this.pos + 1}`);
  }

  value(depth: number): RestliValue {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const start = this.pos;
    const token = this.rawToken();
    if (this.text[this.pos] === '(') {
      if (token === '') return this.record(depth);
      if (token === 'List') return this.list(depth);
      this.pos = start;
      this.fail(`unexpected '(' after '${token}'`);
    }
    if (token === '') this.fail('missing value');
    return this.leaf(token, start);
  }

  private record(depth: number): RestliRecord {
    this.pos++; // (
    const record: RestliRecord = Object.create(null);
    if (this.eat(')')) return record;
    do {
      const start = this.pos;
      const rawKey = this.rawToken();
      if (rawKey === '') this.fail('missing key');
      const key = this.leaf(rawKey, start);
      if (Object.hasOwn(record, key)) this.fail(`duplicate key '${key}'`);
      if (!this.eat(':')) this.fail(`expected ':' after key '${key}'`);
      record[key] = this.value(depth + 1);
    } while (this.eat(','));
    if (!this.eat(')')) this.fail(this.pos >= this.text.length ? "missing ')'" : "expected ',' or ')'");
    return record;
  }

  private list(depth: number): RestliValue[] {
    this.pos++; // (
    const items: RestliValue[] = [];
    if (this.eat(')')) return items;
    do items.push(this.value(depth + 1));
    while (this.eat(','));
    if (!this.eat(')')) this.fail(this.pos >= this.text.length ? "missing ')'" : "expected ',' or ')'");
    return items;
  }

  /** The characters up to the next structural one, still encoded. */
  private rawToken(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !STRUCTURAL.has(this.text[this.pos]!)) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private leaf(raw: string, start: number): string {
    if (raw === "''") return '';
    try {
      return decodeURIComponent(raw);
    } catch {
      this.pos = start;
      return this.fail(`bad percent-encoding in '${raw}'`);
    }
  }

  private eat(char: string): boolean {
    if (this.text[this.pos] !== char) return false;
    this.pos++;
    return true;
  }
}

/**
 * The canonical text of a value: structure raw, leaves percent-encoded like encodeURIComponent
 * plus `(`, `)`, `'`, which it leaves alone but which would break the parse (a literal paren in
 * text "produced a real Sales Nav server error", §4.1).
 */
export function serialiseRestli(value: RestliValue): string {
  if (typeof value === 'string') return encodeLeaf(value);
  if (Array.isArray(value)) return `List(${value.map(serialiseRestli).join(',')})`;
  const fields = Object.entries(value).map(([key, item]) => `${encodeLeaf(key)}:${serialiseRestli(item)}`);
  return `(${fields.join(',')})`;
}

export function encodeLeaf(text: string): string {
  if (text === '') return "''";
  return encodeURIComponent(text).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function isRestliRecord(value: RestliValue | undefined): value is RestliRecord {
  return typeof value === 'object' && !Array.isArray(value);
}
