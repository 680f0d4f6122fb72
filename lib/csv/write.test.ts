import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvRow } from './write.ts';

describe('csv writer', () => {
  it('quotes only what needs it, doubles quotes, ends rows with CRLF', () => {
    expect(csvRow(['a', 'b c', 1, true, null, undefined])).toBe('a,b c,1,true,,\r\n');
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('guards formulas only when asked', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"=HYPERLINK(""x"")"');
    expect(csvField('=1+1', { guardFormulas: true })).toBe("'=1+1");
    expect(csvField('-5', { guardFormulas: true })).toBe("'-5");
    expect(csvField(-5, { guardFormulas: true })).toBe('-5');
  });

  it('round-trips through a standard parser', () => {
    const rows = [
      ['josé@bücher.test', 'Müller, "Hans"', 'line\r\nbreak'],
      ['', ' x', '42'],
    ];
    const text = csvDocument(['email', 'name', 'note'], rows);
    expect(parse(text, { columns: true })).toEqual(rows.map(([email, name, note]) => ({ email, name, note })));
  });
});
