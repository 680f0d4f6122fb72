/**
 * The sales tool's world at one day: every listed lead with its company as the tool shows it then,
 * and the views accounts need (their employees). Built per day and kept for a few days, since the
 * tool's state changes only at midnight (timeline.ts) and one search is read page after page.
 */
import { CITIES, type City } from '../world/geo-data.ts';
import { type Member, type MemberAssets, memberAssets } from '../world/members.ts';
import { rngFor } from '../world/prng.ts';
import type { SalesWorld } from '../world/sales-world.ts';
import { dayOf, type LeadState, leadAt } from '../world/timeline.ts';
import type { Account, Company, Lead, Person, Position } from '../world/types.ts';

export interface LeadView {
  readonly lead: Lead;
  readonly person: Person;
  readonly state: LeadState;
  /** The first current position: the one the tool files the lead under. */
  readonly position: Position;
  readonly company: Company;
  readonly account: Account;
  readonly city: City;
  /** A stable pseudo-random number: the order hits come in. */
  readonly rank: number;
}

export interface AccountView {
  readonly account: Account;
  readonly company: Company;
  readonly hq: City;
  readonly rank: number;
}

export interface DayView {
  readonly day: number;
  readonly leads: readonly LeadView[];
  readonly accounts: readonly AccountView[];
  /** Listed leads by company index, at that day. */
  readonly employees: ReadonlyMap<number, readonly LeadView[]>;
  readonly leadByProfileId: ReadonlyMap<string, LeadView>;
}

/** Everything the simulator derives from one sales world, built once. */
export class ToolWorld {
  private readonly days = new Map<number, DayView>();
  private readonly assets = new Map<string, MemberAssets>();
  private readonly leadRanks: Float64Array;
  private readonly accountRanks: Float64Array;

  constructor(readonly sales: SalesWorld) {
    const seed = sales.world.seed;
    this.leadRanks = Float64Array.from(sales.leads, (l) => rngFor(seed, 'rank', l.personId).next());
    this.accountRanks = Float64Array.from(sales.accounts, (a) => rngFor(seed, 'rank', a.companyIndex).next());
  }

  get seed(): string {
    return this.sales.world.seed;
  }

  /** The tool at the day of time t. */
  at(t: number): DayView {
    const day = dayOf(t);
    let view = this.days.get(day);
    if (!view) {
      view = this.build(day);
      if (this.days.size >= 8) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, view);
    }
    return view;
  }

  assetsOf(member: Member): MemberAssets {
    let assets = this.assets.get(member.key);
    if (!assets) {
      assets = memberAssets(this.sales, member);
      this.assets.set(member.key, assets);
    }
    return assets;
  }

  private build(day: number): DayView {
    const { world, accounts } = this.sales;
    const accountViews = accounts.map((account, i) => ({
      account,
      company: world.companies[account.companyIndex] as Company,
      hq: CITIES[account.hqCityIndex] as City,
      rank: this.accountRanks[i] as number,
    }));
    const leads: LeadView[] = [];
    const employees = new Map<number, LeadView[]>();
    this.sales.leads.forEach((lead, i) => {
      const state = leadAt(lead, day);
      if (!state) return;
      const position = state.current[0] as Position;
      const view: LeadView = {
        lead,
        person: world.people[lead.personIndex] as Person,
        state,
        position,
        company: world.companies[position.companyIndex] as Company,
        account: accounts[position.companyIndex] as Account,
        city: CITIES[lead.cityIndex] as City,
        rank: this.leadRanks[i] as number,
      };
      leads.push(view);
      const staff = employees.get(position.companyIndex);
      if (staff) staff.push(view);
      else employees.set(position.companyIndex, [view]);
    });
    return {
      day,
      leads,
      accounts: accountViews,
      employees,
      leadByProfileId: new Map(leads.map((l) => [l.lead.profileId, l])),
    };
  }
}
