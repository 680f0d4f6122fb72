/**
 * Turning a batch of items (hits, list rows or submitted ids) into records: each lead's full profile
 * and its company (each company fetched once per run), the facts and the filter check for searches;
 * and, for the leads `enrich_email` selects, the person whose email enrich.ts finds afterwards (the
 * company's website as the domain, else its name), for all of the run's leads at once.
 */

import { formatExtractionTime } from '../../../lib/contract/time.ts';
import type { CellValue } from '../../../lib/records/column.ts';
import type { AccountFacts, LeadFacts, RecordContext } from '../../../lib/records/facts.ts';
import { accountRecord, leadRecord } from '../../../lib/records/records.ts';
import type { SearchQuery } from '../../../lib/salesnav/filters.ts';
import { domainFromWebsite } from '../finder/index.ts';
import type { SalesToolConnector } from '../salestool/connector.ts';
import { SalesToolBadResponse, SalesToolRefused, SalesToolUnavailable } from '../salestool/errors.ts';
import { accountFacts, leadFacts } from '../salestool/map-facts.ts';
import type { AccountHit, AccountTableRow, Company, LeadHit, Profile } from '../salestool/responses.ts';

/** What an item's `stub` holds: a page's hit or row, or a submitted lead or account. */
export type Stub =
  | { shape: 'lead-hit'; hit: LeadHit }
  | { shape: 'account-hit'; hit: AccountHit }
  | { shape: 'account-row'; row: AccountTableRow }
  | { kind: 'lead'; leadId: string; authType?: string; authToken?: string }
  | { kind: 'account'; accountId: string };

export interface BuildContext {
  connector: SalesToolConnector;
  /** Companies fetched in this run, by sales company id (undefined: the tool would not give it). */
  companies: Map<string, Promise<Company | undefined>>;
  /** The search's query, whose filters each record is checked against; null for lists and profiles. */
  filters: SearchQuery | null;
  enrich: 'none' | 'matching' | 'all';
  sourceUrl: string | null;
  now: number;
}

/** Whose email to find for a record (stored with it until found). */
export interface PersonOfRecord {
  firstName: string;
  lastName: string;
  companyName: string | null;
  companyDomain: string | null;
}

export interface BuiltRecord {
  position: number;
  /**
   * null when a submitted lead or account (a list of profiles, a single) could not be read at all:
   * nothing was extracted, so there is no record to keep or charge for. A search's or list's hit
   * always makes a record, from what paging gave when the profile would not come.
   */
  record: Record<string, CellValue> | null;
  person: PersonOfRecord | null;
}

/** One profile or company that would not come is not the run's end: its record is built from what paging gave. */
async function tolerant<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    // A refused or broken answer for this one entity, or a 5xx still failing after the client's
    // retries. No answer at all (status null) means the tool is unreachable: the run must wait.
    if (error instanceof SalesToolRefused || error instanceof SalesToolBadResponse) return undefined;
    if (error instanceof SalesToolUnavailable && error.status !== null) return undefined;
    throw error;
  }
}

function companyOf(ctx: BuildContext, id: string | undefined): Promise<Company | undefined> {
  if (!id) return Promise.resolve(undefined);
  let company = ctx.companies.get(id);
  if (!company) {
    company = tolerant(() => ctx.connector.company(id));
    ctx.companies.set(id, company);
  }
  return company;
}

export async function buildBatch(
  ctx: BuildContext,
  items: readonly { position: number; stub: string }[],
): Promise<BuiltRecord[]> {
  const extractedAt = formatExtractionTime(new Date(ctx.now));
  const context = (position: number): RecordContext => ({
    ...(ctx.sourceUrl ? { sourceUrl: ctx.sourceUrl } : {}),
    position: position + 1,
    extractedAt,
  });
  const leads: { position: number; facts: LeadFacts | null }[] = [];
  const accounts: BuiltRecord[] = [];
  for (const item of items) {
    const stub = JSON.parse(item.stub) as Stub;
    if ('shape' in stub && stub.shape === 'lead-hit')
      leads.push({ position: item.position, facts: await leadOf(ctx, stub.hit) });
    else if ('kind' in stub && stub.kind === 'lead')
      leads.push({ position: item.position, facts: await leadOf(ctx, undefined, stub) });
    else
      accounts.push({
        position: item.position,
        record: await accountOf(ctx, stub, context(item.position)),
        person: null,
      });
  }
  const filters = ctx.filters ?? undefined;
  const built = leads.map((l): BuiltRecord => {
    if (!l.facts) return { position: l.position, record: null, person: null };
    const record = leadRecord(l.facts, { ...(filters ? { filters } : {}), context: context(l.position), now: ctx.now });
    const wanted = ctx.enrich === 'all' || (ctx.enrich === 'matching' && record['Matches Filters'] === true);
    return { position: l.position, record, person: wanted ? personOf(l.facts) : null };
  });
  return [...built, ...accounts].sort((a, b) => a.position - b.position);
}

/** The finder's input for a lead: its names, and its company's website domain or name (null when neither is known). */
function personOf(facts: LeadFacts): PersonOfRecord | null {
  const { firstName, lastName, company } = facts;
  if (!firstName || !lastName) return null;
  const companyDomain = company?.website ? domainFromWebsite(company.website) : null;
  const companyName = company?.name ?? facts.current?.companyName ?? null;
  if (!companyDomain && !companyName) return null;
  return { firstName, lastName, companyName, companyDomain };
}

async function leadOf(
  ctx: BuildContext,
  hit: LeadHit | undefined,
  submitted?: { leadId: string; authType?: string; authToken?: string },
): Promise<LeadFacts | null> {
  const fromHit = hit ? leadFacts({ hit }) : undefined;
  const key = fromHit ?? submitted;
  if (!key) throw new TypeError('a lead item has neither a hit nor an id');
  const profile: Profile | undefined = await tolerant(() =>
    ctx.connector.profile({
      leadId: key.leadId,
      ...(key.authType !== undefined && { authType: key.authType }),
      ...(key.authToken !== undefined && { authToken: key.authToken }),
    }),
  );
  // A submitted lead whose profile the tool would not give: nothing is known of it but its id.
  if (!hit && !profile) return null;
  const partial = leadFacts({ ...(hit && { hit }), ...(profile && { profile }), leadId: key.leadId });
  const company = await companyOf(ctx, partial.current?.companyId);
  return company
    ? leadFacts({ ...(hit && { hit }), ...(profile && { profile }), company, leadId: key.leadId })
    : partial;
}

async function accountOf(
  ctx: BuildContext,
  stub: Stub,
  context: RecordContext,
): Promise<Record<string, CellValue> | null> {
  let facts: AccountFacts;
  if ('shape' in stub && stub.shape === 'account-hit') {
    const id = accountFacts({ hit: stub.hit }).company.id;
    const company = await companyOf(ctx, id);
    facts = accountFacts({ hit: stub.hit, ...(company && { company }) });
  } else if ('shape' in stub && stub.shape === 'account-row') {
    const id = accountFacts({ row: stub.row }).company.id;
    const company = await companyOf(ctx, id);
    facts = accountFacts({ row: stub.row, ...(company && { company }) });
  } else if ('kind' in stub && stub.kind === 'account') {
    const company = await companyOf(ctx, stub.accountId);
    // A submitted account the tool would not give: nothing is known of it but its id.
    if (!company) return null;
    facts = accountFacts({ company });
  } else {
    throw new TypeError('not an account item');
  }
  const filters = ctx.filters ?? undefined;
  return accountRecord(facts, { ...(filters ? { filters } : {}), context });
}
