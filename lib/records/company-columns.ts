/**
 * Company columns: the current company's block of a lead record and the body of an account
 * record, under the same names so a lead file and an account file line up. Sources: account hit
 * (§2.5), lead hit `currentPositions[0].companyUrnResolutionResult` (§2.4), account-list row
 * `companyInfo` (§2.2), and the company itself (`salesApiCompanies`, §2.8).
 */
import { buildSalesNavUrl } from '../salesnav/build-url.ts';
import { type Column, col } from './column.ts';
import type { CompanyFacts } from './facts.ts';
import { domainOf, joined, revenueRange } from './format.ts';

/** Columns every company block has; `of` adds the account-only ones. */
export function companyColumns<T>(get: (input: T) => CompanyFacts | undefined, of: 'lead' | 'account'): Column<T>[] {
  const c = (
    name: string,
    source: string,
    meaning: string,
    value: (company: CompanyFacts) => string | number | boolean | null | undefined,
  ) =>
    col<T>(name, source, meaning, (input) => {
      const company = get(input);
      return company ? value(company) : null;
    });
  const columns: Column<T>[] = [
    c(
      'Company Name',
      'lead hit `currentPositions[0].companyName`; account hit `companyName`; company `name`',
      of === 'lead' ? 'The company of the current position.' : 'The company.',
      (co) => co.name,
    ),
    c(
      'Company ID',
      '`companyUrn` / `entityUrn` (`urn:li:fs_salesCompany:<id>`)',
      'The numeric sales company id; a bare id the single extraction accepts.',
      (co) => co.id,
    ),
    c(
      'Company Sales Navigator URL',
      '`Company ID`',
      'The account page: `https://www.linkedin.com/sales/company/<id>`.',
      (co) => (co.id ? buildSalesNavUrl({ kind: 'account', accountId: co.id }) : undefined),
    ),
    c(
      'Company LinkedIn URL',
      'company `flagshipCompanyUrl`; else built from the id',
      'The public company page; `https://www.linkedin.com/company/<id>` when the tool gave none.',
      (co) => co.linkedInUrl ?? (co.id ? `https://www.linkedin.com/company/${co.id}` : undefined),
    ),
    c('Company Website', 'company `website`', 'The website the company lists.', (co) => co.website),
    c(
      'Company Domain',
      'company `website`',
      'The website’s host without `www.`: what the email finder searches.',
      (co) => domainOf(co.website),
    ),
    c(
      'Company Industry',
      'company `industry`; account hit `industry`; lead hit `companyUrnResolutionResult.industry`',
      'The company’s industry (LinkedIn Industry Codes V2 label).',
      (co) => co.industry,
    ),
    c(
      'Company Headcount',
      'company or account hit `employeeCountRange`',
      'The headcount range, e.g. "51-200 employees" (the COMPANY_HEADCOUNT filter’s buckets).',
      (co) => co.headcountRange,
    ),
    c(
      'Company Type',
      'company `type`',
      'Public Company, Privately Held, Non Profit, … (the COMPANY_TYPE filter’s values).',
      (co) => co.type,
    ),
    c('Company Founded', 'company `yearFounded`', 'The year the company was founded.', (co) => co.founded),
    c('Company Specialties', 'company `specialties[]`', 'What the company says it does, joined with "; ".', (co) =>
      joined(co.specialties),
    ),
    c(
      'Company Description',
      'company `description`; account hit `description`',
      'The company’s own description.',
      (co) => co.description,
    ),
    c(
      'Company Revenue',
      'company `revenueRange.estimatedMinRevenue`, `estimatedMaxRevenue`',
      'The tool’s revenue estimate, e.g. "10M-50M USD".',
      (co) => revenueRange(co.revenueMin, co.revenueMax),
    ),
    c(
      'Company Headquarters',
      'company `headquarters`',
      'City, region and country of the headquarters, comma-separated.',
      (co) => {
        const hq = co.headquarters;
        return hq ? [hq.city, hq.area, hq.country].filter(Boolean).join(', ') || undefined : undefined;
      },
    ),
    c('Company HQ City', 'company `headquarters.city`', 'City of the headquarters.', (co) => co.headquarters?.city),
    c(
      'Company HQ Country',
      'company `headquarters.country`',
      'Country of the headquarters.',
      (co) => co.headquarters?.country,
    ),
    c(
      'Company HQ Postal Code',
      'company `headquarters.postalCode`',
      'Postal code of the headquarters.',
      (co) => co.headquarters?.postalCode,
    ),
    c(
      'Company Location',
      'company `location`; lead hit `companyUrnResolutionResult.location`',
      'The location the tool shows beside the company name.',
      (co) => co.location,
    ),
    c(
      'Company Headcount Growth',
      'company `employeeGrowthPercentages[]`',
      'Headcount change per period as the tool gives it, e.g. "ONE_YEAR +8%", joined with "; ".',
      (co) => joined(co.growth.map((g) => `${g.timespan} ${g.percentage >= 0 ? '+' : ''}${g.percentage}%`)),
    ),
  ];
  if (of === 'lead') return columns;
  return [
    ...columns,
    c(
      'Company Employee Count',
      'account-list row `companyInfo.employeeCount`',
      'The employee count, where the tool gives a number (account lists).',
      (co) => co.employeeCount,
    ),
    c(
      'Company Employees on LinkedIn',
      'account hit or row `employeeDisplayCount`',
      'The count the tool displays, e.g. "100K+".',
      (co) => co.employeeDisplayCount,
    ),
    c(
      'Company HQ Street',
      'company `headquarters.line1`, `line2`',
      'Street address of the headquarters.',
      (co) => [co.headquarters?.line1, co.headquarters?.line2].filter(Boolean).join(', ') || undefined,
    ),
    c(
      'Company HQ Region',
      'company `headquarters.geographicArea`',
      'State or region of the headquarters.',
      (co) => co.headquarters?.area,
    ),
    c(
      'Saved Account',
      'account hit `saved`; company `account.saved`',
      'Whether the seat has saved this account.',
      (co) => co.saved,
    ),
    c(
      'In Lists',
      'account hit `listCount`; company `account.listCount`',
      'How many of the seat’s account lists hold it.',
      (co) => co.listCount,
    ),
    c(
      'Spotlights',
      'account hit `spotlightBadges[].displayValue`',
      'The badges the search shows (funding events, hiring, leadership changes), joined with "; ".',
      (co) => joined(co.spotlights),
    ),
    c(
      'Company Logo URL',
      '`companyPictureDisplayImage`',
      '`rootUrl` plus the largest artifact’s path segment.',
      (co) => co.logoUrl,
    ),
  ];
}
