/** Rewrites docs/columns.md from lib/records (the test lib/records/columns-doc.test.ts checks it). */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderColumnsDoc } from '../lib/records/columns-doc.ts';

writeFileSync(resolve(import.meta.dirname, '../docs/columns.md'), renderColumnsDoc());
