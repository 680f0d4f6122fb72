import { describe, expect, it } from 'vitest';
import { encodeLeaf, parseRestli, type RestliValue, serialiseRestli } from './restli.ts';

const parsed = (input: string): RestliValue => {
  const result = parseRestli(input);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};

describe('parseRestli', () => {
  it('reads records, lists and leaves', () => {
    expect(parsed('(a:1,b:List(x,(c:d)),e:())')).toEqual({ a: '1', b: ['x', { c: 'd' }], e: {} });
  });

  it('reads empty lists and the empty string', () => {
    expect(parsed("(filters:List(),keywords:'')")).toEqual({ filters: [], keywords: '' });
  });

  it('decodes leaves once, so single- and double-encoded text read the same', () => {
    expect(parsed('(text:North%20America)')).toEqual({ text: 'North America' });
    expect(parsed('(text:North America)')).toEqual({ text: 'North America' });
    expect(parsed('(id:urn%3Ali%3Aorganization%3A1441)')).toEqual({ id: 'urn:li:organization:1441' });
    expect(parsed('(text:Acme%20%28Holdings%29%2C%20Inc)')).toEqual({ text: 'Acme (Holdings), Inc' });
  });

  it('reads a bare leaf and a bare list', () => {
    expect(parsed('hello')).toEqual('hello');
    expect(parsed('List(1,2)')).toEqual(['1', '2']);
  });

  it('keeps a __proto__ key as data', () => {
    const value = parsed('(__proto__:x)');
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it.each([
    ['(a:1', "missing ')'"],
    ['(a:1))', "unexpected ')'"],
    ['(a:(b:1)', "missing ')'"],
    ['List(1,2', "missing ')'"],
    ['(a)', "expected ':'"],
    ['(a:)', 'missing value'],
    ['(:1)', 'missing key'],
    ['(a:1,)', 'missing key'],
    ['(a:1,a:2)', "duplicate key 'a'"],
    ['(a:Foo(1))', "unexpected '(' after 'Foo'"],
    ['(a:1 b:2)', "expected ',' or ')'"],
    ['(a:%E0%A4%A)', 'bad percent-encoding'],
    ['', 'missing value'],
    ['(a:b:c)', "expected ',' or ')'"],
    [`${'('.repeat(40)}a:1${')'.repeat(40)}`, 'missing key'],
    [`${'List('.repeat(40)}1${')'.repeat(40)}`, 'nested too deeply'],
  ])('refuses %s (%s)', (input, reason) => {
    const result = parseRestli(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe('serialiseRestli', () => {
  it('writes structure raw and leaves encoded', () => {
    expect(
      serialiseRestli({ keywords: 'private limited', id: 'urn:li:organization:1441', list: ['a,b', ''], empty: {} }),
    ).toBe("(keywords:private%20limited,id:urn%3Ali%3Aorganization%3A1441,list:List(a%2Cb,''),empty:())");
  });

  it('escapes the characters encodeURIComponent leaves alone but Rest.li reserves', () => {
    expect(encodeLeaf("O'Brien (CTO)")).toBe('O%27Brien%20%28CTO%29');
  });

  it.each([
    '(spellCorrectionEnabled:true,recentSearchParam:(id:2154062338,doLogHistory:true),keywords:lix)',
    '(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:10,max:200),selectedSubFilter:EUR)))',
    "(a:List(),b:(),c:'',d:%22family%20office%22%20OR%20x)",
  ])('round-trips %s', (text) => {
    expect(serialiseRestli(parsed(text))).toBe(text);
  });

  it('round-trips awkward text', () => {
    const value = { text: "50% (a):b,c 'd' é 日本 &x=1+2#" };
    expect(parsed(serialiseRestli(value))).toEqual(value);
  });
});
