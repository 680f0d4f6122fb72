/** A record column: its name, where its value comes from, what it means, and how it is computed. */
import type { RecordContext } from './facts.ts';
import { orNull } from './format.ts';
import type { MatchResult } from './matching.ts';

export type CellValue = string | number | boolean | null;

export interface Column<T> {
  /** The key in the record and the CSV header. */
  name: string;
  /** Which field of the sales tool's answers it reads (salestool-protocol.md §2), or which part of the service. */
  source: string;
  meaning: string;
  value(input: T): CellValue;
}

export function col<T>(
  name: string,
  source: string,
  meaning: string,
  value: (input: T) => string | number | boolean | null | undefined,
): Column<T> {
  return { name, source, meaning, value: (input) => orNull(value(input)) };
}

/** The search-related columns both records end with. */
export function matchColumns<T extends { match: MatchResult; context: RecordContext }>(): Column<T>[] {
  return [
    col(
      'Matches Filters',
      'recomputed from the search filters (lib/records/matching.ts)',
      'true when the record passes every filter of its search that the data can decide; true for lists and single profiles, which have no filters.',
      ({ match }) => match.matches,
    ),
    col(
      'Match Issues',
      'recomputed from the search filters',
      'The filters the record fails, one per filter as "TYPE: what it has, not what the filter asks", joined with "; "; empty when none.',
      ({ match }) => match.issues.join('; '),
    ),
    col(
      'Source URL',
      'the extraction',
      'The search or list URL (or the id) the record was extracted from.',
      ({ context }) => context.sourceUrl,
    ),
    col(
      'Result Position',
      'the extraction',
      '1-based position of the record in its search or list.',
      ({ context }) => context.position,
    ),
    col(
      'Extracted At',
      'the extraction',
      'When the record was read: `YYYY-MM-DD HH:MM:SS+00:00`.',
      ({ context }) => context.extractedAt,
    ),
  ];
}
