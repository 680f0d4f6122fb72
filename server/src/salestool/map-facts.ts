/**
 * The sales tool's answers (responses.ts) read into facts (lib/records/facts.ts), from which
 * records and the filter check are computed. Ids come out of URNs here: `entityUrn`
 * `urn:li:fs_salesProfile:(ACw…,NAME_SEARCH,tok)`, `objectUrn` `urn:li:member:<n>`, `companyUrn`
 * `urn:li:fs_salesCompany:<n>` (salestool-protocol.md §1.7).
 */
import type { AccountFacts, CompanyFacts, LeadFacts, Money, PositionFacts } from '../../../lib/records/facts.ts';
import type { AccountHit, AccountTableRow, Company, Image, LeadHit, Position, Profile, Tenure } from './responses.ts';

const LEAD_URN = /^urn:li:fs_salesProfile:\(([^,()]+)(?:,([^,()]*)(?:,([^,()]*))?)?\)$/;
const COMPANY_URN = /^urn:li:fs_salesCompany:(\d+)$/;
const MEMBER_URN = /^urn:li:member:(\d+)$/;

/** `(leadId, authType, authToken)` of a lead's `entityUrn`; undefined when it is not one. */
export function leadKey(
  entityUrn: string | undefined,
): { leadId: string; authType?: string; authToken?: string } | undefined {
  const m = entityUrn ? LEAD_URN.exec(entityUrn) : null;
  if (!m) return undefined;
  return { leadId: m[1] as string, ...(m[2] && { authType: m[2] }), ...(m[2] && { authToken: m[3] ?? '' }) };
}

export const companyIdOf = (urn: string | undefined) => (urn ? COMPANY_URN.exec(urn)?.[1] : undefined);
export const memberIdOf = (urn: string | undefined) => (urn ? MEMBER_URN.exec(urn)?.[1] : undefined);

/** The largest artifact of a display image, as a URL (§2.4: rootUrl + fileIdentifyingUrlPathSegment). */
export function imageUrl(image: Image | undefined): string | undefined {
  const artifacts = image?.artifacts ?? [];
  const largest = [...artifacts].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  if (!largest?.fileIdentifyingUrlPathSegment) return undefined;
  return `${image?.rootUrl ?? ''}${largest.fileIdentifyingUrlPathSegment}`;
}

const months = (tenure: Tenure | undefined) =>
  tenure && (tenure.numYears !== undefined || tenure.numMonths !== undefined)
    ? (tenure.numYears ?? 0) * 12 + (tenure.numMonths ?? 0)
    : undefined;

function position(p: Position, current: boolean): PositionFacts {
  const companyId = companyIdOf(p.companyUrn) ?? companyIdOf(p.companyUrnResolutionResult?.entityUrn);
  return {
    ...(p.title !== undefined && { title: p.title }),
    ...((p.companyName ?? p.companyUrnResolutionResult?.name) !== undefined && {
      companyName: p.companyName ?? p.companyUrnResolutionResult?.name,
    }),
    ...(companyId !== undefined && { companyId }),
    ...(p.description !== undefined && { description: p.description }),
    ...(p.location !== undefined && { location: p.location }),
    ...(p.startedOn && { startedOn: { ...p.startedOn } }),
    ...(p.endedOn && { endedOn: { ...p.endedOn } }),
    current,
  };
}

const emptyCompany = (): CompanyFacts => ({ specialties: [], growth: [], spotlights: [] });

/** What a lead hit's current position says of its company (§2.4 `companyUrnResolutionResult`). */
function companyFromPosition(p: Position): CompanyFacts {
  const resolved = p.companyUrnResolutionResult;
  const id = companyIdOf(p.companyUrn) ?? companyIdOf(resolved?.entityUrn);
  return drop({
    ...emptyCompany(),
    id,
    name: resolved?.name ?? p.companyName,
    industry: resolved?.industry,
    location: resolved?.location,
    logoUrl: imageUrl(resolved?.companyPictureDisplayImage),
  });
}

/**
 * A lead from its search hit or list row, completed by its full profile and its company when the
 * extraction fetched them. The profile wins where both speak (it is the fuller, fresher read).
 */
export function leadFacts(input: { hit?: LeadHit; profile?: Profile; company?: Company; leadId?: string }): LeadFacts {
  const { hit, profile, company } = input;
  const key =
    leadKey(hit?.entityUrn) ?? leadKey(profile?.entityUrn) ?? (input.leadId ? { leadId: input.leadId } : undefined);
  if (!key) throw new TypeError('a lead needs an entityUrn or an id');
  const hitCurrent = hit?.currentPositions ?? [];
  const profileCurrent = (profile?.positions ?? []).filter((p) => p.current === true);
  const currentSource = hitCurrent[0] ?? profileCurrent[0] ?? profile?.defaultPosition;
  const others = (hitCurrent.length > 0 ? hitCurrent : profileCurrent).slice(1);
  const pastSource = profile?.positions
    ? profile.positions.filter((p) => p.current !== true)
    : (hit?.pastPositions ?? []);
  const badges = profile?.memberBadges;
  const contact = profile?.contactInfo;
  let current: LeadFacts['current'];
  if (currentSource) {
    const located = profileCurrent.find((p) => p.title === currentSource.title && p.location)?.location;
    current = drop({
      ...position(currentSource, true),
      location: currentSource.location ?? located,
      monthsInRole: months(currentSource.tenureAtPosition),
      monthsAtCompany: months(currentSource.tenureAtCompany),
    });
  }
  const companyFacts = company
    ? companyFromApi(company, currentSource)
    : currentSource
      ? companyFromPosition(currentSource)
      : undefined;
  return drop({
    ...key,
    memberId: memberIdOf(profile?.objectUrn ?? hit?.objectUrn),
    fullName: profile?.fullName ?? hit?.fullName ?? joinName(hit?.firstName, hit?.lastName),
    firstName: profile?.firstName ?? hit?.firstName,
    lastName: profile?.lastName ?? hit?.lastName,
    headline: profile?.headline ?? hit?.summary,
    about: profile?.summary,
    location: profile?.location ?? hit?.geoRegion,
    industry: profile?.industry,
    linkedInUrl: profile?.flagshipProfileUrl,
    degree: profile?.degree ?? hit?.degree,
    connections: profile?.numOfConnections,
    sharedConnections: profile?.numOfSharedConnections,
    premium: badges?.premium ?? hit?.premium,
    openProfile: badges?.openLink,
    jobSeeker: badges?.jobSeeker,
    saved: profile?.savedLead ?? hit?.saved,
    viewed: hit?.viewed,
    pendingInvitation: profile?.pendingInvitation ?? hit?.pendingInvitation,
    listCount: profile?.listCount ?? hit?.listCount,
    spotlights: (hit?.spotlightBadges ?? []).map((b) => b.displayValue).filter(isText),
    pictureUrl: imageUrl(profile?.profilePictureDisplayImage) ?? imageUrl(hit?.profilePictureDisplayImage),
    profileEmails: [
      ...new Set(
        [contact?.primaryEmail?.emailAddress, ...(contact?.emailAddresses ?? []).map((e) => e.emailAddress)].filter(
          isText,
        ),
      ),
    ],
    phones: (contact?.phoneNumbers ?? []).map((p) => p.number).filter(isText),
    websites: (contact?.websites ?? []).map((w) => w.url).filter(isText),
    current,
    otherCurrent: others.map((p) => position(p, true)),
    past: sortNewestFirst(pastSource.map((p) => position(p, false))),
    company: companyFacts,
    educations: (profile?.educations ?? []).map((e) =>
      drop({
        school: e.schoolName,
        degree: e.degree,
        fields: e.fieldsOfStudy ?? [],
        startYear: e.startedOn?.year,
        endYear: e.endedOn?.year,
      }),
    ),
    skills: (profile?.skills ?? []).map((s) => s.name).filter(isText),
    languages: (profile?.languages ?? []).map((l) => (typeof l === 'string' ? l : l.name)).filter(isText),
    fullProfile: profile !== undefined,
  });
}

/** An account from its search hit or list row, completed by the company when it was fetched. */
export function accountFacts(input: { hit?: AccountHit; row?: AccountTableRow; company?: Company }): AccountFacts {
  const { hit, row, company } = input;
  const info = row?.companyInfo;
  const id = companyIdOf(company?.entityUrn) ?? companyIdOf(hit?.entityUrn) ?? companyIdOf(info?.entityUrn);
  if (!id) throw new TypeError('an account needs a urn:li:fs_salesCompany entityUrn');
  const fromCompany = company ? companyFromApi(company, undefined) : emptyCompany();
  return {
    company: drop({
      ...fromCompany,
      id,
      name: fromCompany.name ?? hit?.companyName ?? info?.name,
      industry: fromCompany.industry ?? hit?.industry ?? info?.industry,
      headcountRange: fromCompany.headcountRange ?? hit?.employeeCountRange,
      employeeCount: fromCompany.employeeCount ?? info?.employeeCount,
      employeeDisplayCount: fromCompany.employeeDisplayCount ?? hit?.employeeDisplayCount ?? info?.employeeDisplayCount,
      description: fromCompany.description ?? hit?.description ?? info?.description,
      saved: fromCompany.saved ?? hit?.saved,
      listCount: fromCompany.listCount ?? hit?.listCount,
      logoUrl: fromCompany.logoUrl ?? imageUrl(hit?.companyPictureDisplayImage),
      spotlights: (hit?.spotlightBadges ?? []).map((b) => b.displayValue).filter(isText),
    }) as CompanyFacts & { id: string },
  };
}

/** `companyFacts` of a fetched company; a lead's position fills what the company left out. */
function companyFromApi(company: Company, from: Position | undefined): CompanyFacts {
  const fallback = from ? companyFromPosition(from) : emptyCompany();
  const money = (m: { currencyCode?: string; amount?: number; unit?: string } | undefined): Money | undefined =>
    m?.amount === undefined ? undefined : drop({ amount: m.amount, currency: m.currencyCode, unit: m.unit });
  const hq = company.headquarters;
  return drop({
    ...fallback,
    id: companyIdOf(company.entityUrn) ?? fallback.id,
    name: company.name ?? fallback.name,
    linkedInUrl: company.flagshipCompanyUrl,
    website: company.website,
    industry: company.industry ?? fallback.industry,
    headcountRange: company.employeeCountRange,
    employeeCount: company.employeeCount,
    employeeDisplayCount: company.employeeDisplayCount,
    type: company.type,
    founded: company.yearFounded,
    specialties: company.specialties ?? [],
    description: company.description,
    revenueMin: money(company.revenueRange?.estimatedMinRevenue),
    revenueMax: money(company.revenueRange?.estimatedMaxRevenue),
    headquarters: hq
      ? drop({
          line1: hq.line1,
          line2: hq.line2,
          city: hq.city,
          area: hq.geographicArea,
          postalCode: hq.postalCode,
          country: hq.country,
        })
      : undefined,
    location: company.location ?? fallback.location,
    growth: (company.employeeGrowthPercentages ?? []).flatMap((g) =>
      g.timespan !== undefined && g.percentage !== undefined
        ? [{ timespan: g.timespan, percentage: g.percentage }]
        : [],
    ),
    logoUrl: imageUrl(company.companyPictureDisplayImage) ?? fallback.logoUrl,
    saved: company.account?.saved,
    listCount: company.account?.listCount,
  });
}

const isText = (value: string | undefined): value is string => typeof value === 'string' && value !== '';

function joinName(first: string | undefined, last: string | undefined): string | undefined {
  const name = [first, last].filter(isText).join(' ');
  return name === '' ? undefined : name;
}

function sortNewestFirst(positions: PositionFacts[]): PositionFacts[] {
  const at = (p: PositionFacts) => (p.startedOn?.year ?? 0) * 12 + (p.startedOn?.month ?? 0);
  return [...positions].sort((a, b) => at(b) - at(a));
}

/** The object without its undefined fields (facts are built with exactOptionalPropertyTypes in mind). */
function drop<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
