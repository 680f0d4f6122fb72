/**
 * `decoration=(...)`: the explicit projection a profile or company request asks for (§2.3):
 * `field`, `field*` (an array), `sub(...)` (nested fields), `urnField~fs_salesCompany(...)` (a
 * resolved URN). The answer keeps the fields asked for; a malformed decoration is a 400, as the
 * tool's is ("the difference is a flat 400", NICK).
 */

export interface FieldSpec {
  readonly name: string;
  readonly sub?: readonly FieldSpec[];
}

export type DecorationResult = { ok: true; fields: readonly FieldSpec[] } | { ok: false; reason: string };

const NAME = /^[A-Za-z_$][\w$]*$/;

export function parseDecoration(text: string): DecorationResult {
  let pos = 0;
  const fail = (reason: string): never => {
    throw new SyntaxError(`${reason} at character ${pos + 1}`);
  };
  const list = (depth: number): FieldSpec[] => {
    if (depth > 16) fail('nested too deeply');
    if (text[pos] !== '(') fail("expected '('");
    pos++;
    const fields: FieldSpec[] = [];
    do {
      const start = pos;
      while (pos < text.length && !'(),~*'.includes(text[pos] as string)) pos++;
      const name = text.slice(start, pos);
      if (!NAME.test(name)) fail(`bad field name '${name}'`);
      if (text[pos] === '*') pos++;
      if (text[pos] === '~') {
        pos++;
        while (pos < text.length && /[\w:]/.test(text[pos] as string)) pos++;
      }
      fields.push(text[pos] === '(' ? { name, sub: list(depth + 1) } : { name });
    } while (text[pos] === ',' && ++pos);
    if (text[pos] !== ')') fail("expected ',' or ')'");
    pos++;
    return fields;
  };
  try {
    const fields = list(0);
    if (pos !== text.length) fail('unexpected text after the projection');
    return { ok: true, fields };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The value with only the fields asked for (arrays are projected element by element). */
export function project(value: unknown, fields: readonly FieldSpec[]): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, fields));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const field of fields) {
    if (!Object.hasOwn(source, field.name)) continue;
    const inner = source[field.name];
    out[field.name] = field.sub ? project(inner, field.sub) : inner;
  }
  return out;
}
