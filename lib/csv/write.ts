/**
 * CSV writing (RFC 4180), shared by the extension's exports and the service's CLI. No DOM, no Node.
 * Fields holding a comma, a quote, CR or LF are quoted, quotes doubled; rows end with CRLF, as the
 * RFC and spreadsheet programs expect. null and undefined are empty fields.
 */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  /**
   * Neutralise cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR at the start)
   * by prefixing `'` (OWASP's CSV injection advice). For files people open in a spreadsheet; off by
   * default because it changes the data.
   */
  guardFormulas?: boolean;
}

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (options.guardFormulas && typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, with its CRLF. */
export function csvRow(values: readonly CsvValue[], options: CsvOptions = {}): string {
  return `${values.map((v) => csvField(v, options)).join(',')}\r\n`;
}

/** A whole document: the header row, then the rows. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  options: CsvOptions = {},
): string {
  return [header, ...rows].map((r) => csvRow(r, options)).join('');
}
