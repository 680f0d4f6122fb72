/**
 * docs/columns.md, rendered from the column lists, so the document is the code's own account of
 * the record. `npx tsx scripts/columns-doc.ts` rewrites it; lib/records/columns-doc.test.ts fails
 * when it is out of date.
 */
import { ACCOUNT_COLUMNS } from './account-columns.ts';
import type { Column } from './column.ts';
import { LEAD_COLUMNS } from './lead-columns.ts';

const INTRO = `# Record columns

An extraction's \`prospects\` are records: JSON objects from these column names to values (a string,
a number, true/false, or null when the sales tool did not say). A CSV of records has these columns,
in this order. Lead records and account records differ: a lead is a person with their current
company's block; an account is a company, with no personal fields.

**Sources.** Search hits (\`salesApiLeadSearch\`, \`salesApiAccountSearch\`), list rows
(\`salesApiPeopleSearch\` for lead lists, \`salesApiDashboardAccountTable\` for account lists), full
profiles (\`salesApiProfiles\`) and companies (\`salesApiCompanies\`), as
\`../shared/design/salestool-protocol.md\` §2 describes them. A column whose source is the profile or
the company is empty when the extraction did not fetch it. Lists in one cell are joined with "; ".

**Matches Filters and Match Issues.** The sales tool returns records that do not really match the
search (an old title, a company outside the headcount range). Each record of a search is checked
against the search's own filters (\`lib/records/matching.ts\`): within a filter, any INCLUDED value
may fit; every filter must fit; an EXCLUDED value that fits is an issue. A filter the data cannot
decide (relations to the seat, lists, CRM, posted content, a city against a country-level
location, an id the service has no table for) is not counted; keywords are never judged.
SENIORITY_LEVEL and FUNCTION are read from the title (the tool does not return them): a title that
fits no reading of the filter is an issue, a title that says nothing is not. A title keeps every
reading it plausibly has ("Senior Product Manager": Senior, Strategic, Entry Level Manager or
Experienced Manager; "Lead Engineer": Strategic or Entry Level Manager). Over every position of the
sandbox's default world, the reading of a title includes the person's true seniority for 99.5% of
75,270 positions (all but some entry-level titles); before these readings it was 86.5%
(\`server/src/sandbox/world/seniority-readings.test.ts\` holds it at 99% or more). Records from lists and
single profiles have no filters: \`Matches Filters\` is true and \`Match Issues\` empty.
\`enrich_email=matching\` enriches only records with \`Matches Filters\` true.
`;

function table<T>(columns: readonly Column<T>[]): string {
  const rows = columns.map((c, i) => `| ${i + 1} | ${c.name} | ${cell(c.source)} | ${cell(c.meaning)} |`);
  return ['| # | column | source | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderColumnsDoc(): string {
  const distinct = new Set([...LEAD_COLUMNS, ...ACCOUNT_COLUMNS].map((c) => c.name)).size;
  return [
    INTRO,
    `${LEAD_COLUMNS.length} lead columns and ${ACCOUNT_COLUMNS.length} account columns, ${distinct} distinct.`,
    '',
    `## Lead records (${LEAD_COLUMNS.length} columns)`,
    '',
    table(LEAD_COLUMNS),
    '',
    `## Account records (${ACCOUNT_COLUMNS.length} columns)`,
    '',
    'The company columns carry the same names as in a lead record.',
    '',
    table(ACCOUNT_COLUMNS),
    '',
  ].join('\n');
}
