/**
 * The sales tool's world: an account for every company and a lead for every person of the mail
 * world, with indexes by the ids the tool speaks (sales company id, ACw profile id, member id).
 * Built from a World, which it does not change; deterministic from the world's seed.
 */
import { generateAccount } from './accounts.ts';
import { generateLead } from './career.ts';
import type { Account, Lead, World } from './types.ts';

export interface SalesWorld {
  readonly world: World;
  /** By company index. */
  readonly accounts: readonly Account[];
  /** By person index. */
  readonly leads: readonly Lead[];
  readonly accountBySalesId: ReadonlyMap<number, Account>;
  readonly leadByProfileId: ReadonlyMap<string, Lead>;
  readonly leadByMemberId: ReadonlyMap<number, Lead>;
  readonly leadByPersonId: ReadonlyMap<string, Lead>;
}

export function buildSalesWorld(world: World): SalesWorld {
  const companiesByCountry = new Map<string, number[]>();
  for (const company of world.companies) {
    companiesByCountry.set(company.country, [...(companiesByCountry.get(company.country) ?? []), company.index]);
  }
  const accounts = world.companies.map((company) => generateAccount(world.seed, company));
  const companyById = new Map(world.companies.map((c) => [c.id, c]));
  const ctx = { seed: world.seed, companies: world.companies, accounts, companiesByCountry };
  const leads = world.people.map((person, i) => {
    const company = companyById.get(person.companyId);
    if (!company) throw new Error(`person ${person.id} has no company`);
    return generateLead(ctx, person, i, company);
  });
  return {
    world,
    accounts,
    leads,
    accountBySalesId: new Map(accounts.map((a) => [a.salesId, a])),
    leadByProfileId: new Map(leads.map((l) => [l.profileId, l])),
    leadByMemberId: new Map(leads.map((l) => [l.memberId, l])),
    leadByPersonId: new Map(leads.map((l) => [l.personId, l])),
  };
}
