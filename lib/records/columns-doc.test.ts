import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderColumnsDoc } from './columns-doc.ts';
import { ACCOUNT_COLUMN_NAMES, LEAD_COLUMN_NAMES } from './records.ts';

describe('docs/columns.md', () => {
  it('is what lib/records says (npx tsx scripts/columns-doc.ts rewrites it)', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/columns.md'), 'utf8');
    expect(doc).toBe(renderColumnsDoc());
  });

  it('has more than 70 columns, lead and account records differ, names are unique', () => {
    expect(new Set([...LEAD_COLUMN_NAMES, ...ACCOUNT_COLUMN_NAMES]).size).toBeGreaterThan(70);
    expect(LEAD_COLUMN_NAMES.length).toBeGreaterThan(70);
    expect(new Set(LEAD_COLUMN_NAMES).size).toBe(LEAD_COLUMN_NAMES.length);
    expect(new Set(ACCOUNT_COLUMN_NAMES).size).toBe(ACCOUNT_COLUMN_NAMES.length);
    for (const personal of ['Full Name', 'Email', 'Skills', 'Education', 'Current Job']) {
      expect(LEAD_COLUMN_NAMES).toContain(personal);
      expect(ACCOUNT_COLUMN_NAMES).not.toContain(personal);
    }
    for (const both of ['Company Name', 'Matches Filters', 'Match Issues']) {
      expect(LEAD_COLUMN_NAMES).toContain(both);
      expect(ACCOUNT_COLUMN_NAMES).toContain(both);
    }
  });
});
