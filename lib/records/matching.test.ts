import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../salesnav/search-query.ts';
import type { AccountFacts, LeadFacts } from './facts.ts';
import { matchAccount, matchLead } from './matching.ts';
import { leadRecord } from './records.ts';

const query = (text: string, kind: 'LEAD' | 'ACCOUNT' = 'LEAD') => {
  const parsed = parseSearchQuery(kind, text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};

const lead = (over: Partial<LeadFacts> = {}): LeadFacts => ({
  leadId: 'ACwAAAAF9eEBl4s8-7TbhUAobB0HaUq2nKYFgzM',
  fullName: 'Jordan Rivera',
  firstName: 'Jordan',
  lastName: 'Rivera',
  location: 'Munich, Bavaria, Germany',
  spotlights: [],
  profileEmails: [],
  phones: [],
  websites: [],
  current: {
    title: 'Chief Technology Officer',
    companyName: 'Northwind GmbH',
    companyId: '900001',
    current: true,
    monthsInRole: 30,
    monthsAtCompany: 50,
  },
  otherCurrent: [],
  past: [],
  company: {
    id: '900001',
    name: 'Northwind GmbH',
    industry: 'Software Development',
    headcountRange: '51-200 employees',
    specialties: [],
    growth: [],
    spotlights: [],
  },
  educations: [],
  skills: [],
  languages: [],
  fullProfile: false,
  ...over,
});

describe('matching a lead against its search filters', () => {
  it('matches when every decidable filter fits: OR within a filter, AND across filters', () => {
    const q = query(
      '(filters:List((type:SENIORITY_LEVEL,values:List((id:310,text:CXO,selectionType:INCLUDED),(id:300,selectionType:INCLUDED))),(type:COMPANY_HEADCOUNT,values:List((id:D,text:51-200,selectionType:INCLUDED))),(type:REGION,values:List((id:100506914,text:Europe,selectionType:INCLUDED))),(type:CURRENT_TITLE,values:List((text:CTO,selectionType:INCLUDED),(text:Chief%20Technology%20Officer,selectionType:INCLUDED)))))',
    );
    expect(matchLead(lead(), q)).toEqual({ matches: true, issues: [] });
  });

  it('names each failing filter with what the lead has', () => {
    const q = query(
      '(filters:List((type:COMPANY_HEADCOUNT,values:List((id:E,selectionType:INCLUDED),(id:F,selectionType:INCLUDED))),(type:CURRENT_TITLE,values:List((text:Head%20of%20Sales,selectionType:INCLUDED))),(type:REGION,values:List((id:103644278,selectionType:INCLUDED)))))',
    );
    const result = matchLead(lead(), q);
    expect(result.matches).toBe(false);
    expect(result.issues).toEqual([
      'COMPANY_HEADCOUNT: 51-200 employees, not 201-500 or 501-1,000',
      'CURRENT_TITLE: Chief Technology Officer, not Head of Sales',
      'REGION: Munich, Bavaria, Germany, not United States',
    ]);
  });

  it('counts an EXCLUDED value that fits as an issue', () => {
    const q = query('(filters:List((type:CURRENT_TITLE,values:List((text:chief,selectionType:EXCLUDED)))))');
    expect(matchLead(lead(), q).issues).toEqual(['CURRENT_TITLE: Chief Technology Officer is excluded (chief)']);
  });

  it('reads seniority from the title, and leaves a title that says nothing unjudged', () => {
    const directors = query('(filters:List((type:SENIORITY_LEVEL,values:List((id:220,selectionType:INCLUDED)))))');
    expect(matchLead(lead(), directors).issues[0]).toMatch(
      /^SENIORITY_LEVEL: Chief Technology Officer \(read as CXO\), not Director$/,
    );
    const vague = lead({ current: { title: 'Rockstar', current: true } });
    expect(matchLead(vague, directors)).toEqual({ matches: true, issues: [] });
  });

  it('does not judge what the data cannot tell (a city against a country-level location, lists, keywords)', () => {
    const q = query(
      '(keywords:python,filters:List((type:REGION,values:List((text:Berlin,selectionType:INCLUDED))),(type:LEAD_LIST,values:List((id:7371658687360155648,selectionType:INCLUDED)))))',
    );
    expect(matchLead(lead({ location: 'Germany' }), q)).toEqual({ matches: true, issues: [] });
  });

  it('checks tenure buckets and the current company by id or name', () => {
    const q = query(
      '(filters:List((type:YEARS_IN_CURRENT_POSITION,values:List((id:3,selectionType:INCLUDED))),(type:CURRENT_COMPANY,values:List((id:urn%3Ali%3Aorganization%3A900001,selectionType:INCLUDED)))))',
    );
    expect(matchLead(lead(), q).issues).toEqual([
      'YEARS_IN_CURRENT_POSITION: 2 years 6 months in role, not 3 to 5 years',
    ]);
    const record = leadRecord(lead(), { filters: q });
    expect(record['Matches Filters']).toBe(false);
    expect(record['Match Issues']).toBe('YEARS_IN_CURRENT_POSITION: 2 years 6 months in role, not 3 to 5 years');
  });

  it('gives list and single records no issues', () => {
    const record = leadRecord(lead());
    expect(record['Matches Filters']).toBe(true);
    expect(record['Match Issues']).toBe('');
    expect(record['Sales Navigator URL']).toBe(
      'https://www.linkedin.com/sales/lead/ACwAAAAF9eEBl4s8-7TbhUAobB0HaUq2nKYFgzM',
    );
  });
});

describe('matching an account', () => {
  const account: AccountFacts = {
    company: {
      id: '900002',
      name: 'Contoso Telecom',
      industry: 'IT Services and IT Consulting',
      headcountRange: '10,001+ employees',
      headquarters: { city: 'Paris', country: 'France' },
      specialties: [],
      growth: [],
      spotlights: [],
    },
  };
  it('checks headcount, industry and headquarters region', () => {
    const fits = query(
      '(filters:List((type:COMPANY_HEADCOUNT,values:List((id:I,selectionType:INCLUDED))),(type:REGION,values:List((id:105015875,selectionType:INCLUDED))),(type:INDUSTRY,values:List((id:96,text:IT%20Services%20and%20IT%20Consulting,selectionType:INCLUDED)))))',
      'ACCOUNT',
    );
    expect(matchAccount(account, fits)).toEqual({ matches: true, issues: [] });
    const misses = query(
      '(filters:List((type:REGION,values:List((id:102221843,text:North%20America,selectionType:INCLUDED)))))',
      'ACCOUNT',
    );
    expect(matchAccount(account, misses).issues).toEqual(['REGION: Paris, France, not North America']);
  });
});
