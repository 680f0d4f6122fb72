/**
 * The JSON the internal API answers with, in the shapes of §2.4–2.9: lead hits, account hits,
 * account-table rows, full profiles and companies. Field names are the notes'; values come from
 * the world at the time of the request.
 */
import { employeeDisplayCount } from '../world/accounts.ts';
import { locationText } from '../world/geo-data.ts';
import type { Member, MemberAssets } from '../world/members.ts';
import { COMPANY_TYPES, headcountRange, PROFILE_LANGUAGES } from '../world/sales-catalog.ts';
import { monthsBetween } from '../world/timeline.ts';
import type { Position } from '../world/types.ts';
import { companyStart, degreeOf, unit } from './match.ts';
import type { AccountView, DayView, LeadView } from './world-view.ts';

export const LEAD_RECIPE = 'com.linkedin.sales.deco.desktop.searchv2.LeadSearchResult';
export const ACCOUNT_RECIPE = 'com.linkedin.sales.deco.desktop.searchv2.AccountSearchResult';
const POSITION_RECIPE = 'com.linkedin.sales.deco.common.profile.DecoratedPosition';

export interface RenderContext {
  readonly seed: string;
  readonly member: Member;
  readonly assets: MemberAssets;
  readonly day: DayView;
  readonly t: number;
}

export const leadUrn = (v: LeadView): string =>
  `urn:li:fs_salesProfile:(${v.lead.profileId},NAME_SEARCH,${v.lead.authToken})`;
export const companyUrn = (salesId: number): string => `urn:li:fs_salesCompany:${salesId}`;
const yearMonth = (t: number) => ({ year: new Date(t).getUTCFullYear(), month: new Date(t).getUTCMonth() + 1 });
const tenure = (months: number) => ({ numYears: Math.floor(months / 12), numMonths: months % 12 });

/** [inf] a picture for most members, under the media host the notes show; never fetched by us. */
function picture(seed: string, key: string | number, kind: 'profile' | 'company') {
  if (unit(seed, 'picture', key) < 0.25) return undefined;
  const id = Math.floor(unit(seed, 'picture-id', key) * 1e12)
    .toString(36)
    .toUpperCase();
  return {
    rootUrl: `https://media.licdn.com/dms/image/v2/D4E03AQ${id}/${kind === 'profile' ? 'profile-displayphoto-shrink_' : 'company-logo_'}`,
    artifacts: [100, 200, 400].map((w) => ({
      width: w,
      height: w,
      fileIdentifyingUrlPathSegment: `${w}_${w}/0/${id}`,
    })),
  };
}

const trackingId = (seed: string, key: string | number) =>
  Buffer.from(Array.from({ length: 16 }, (_, i) => Math.floor(unit(seed, 'tracking', key, i) * 256))).toString(
    'base64',
  );

function listsWith(assets: MemberAssets, kind: 'LEAD' | 'ACCOUNT', id: string): number {
  return assets.lists.filter((l) => l.kind === kind && l.entries.some((e) => e.id === id)).length;
}

function decoratedPosition(ctx: RenderContext, v: LeadView, p: Position, index: number) {
  const at = ctx.day.accounts[p.companyIndex];
  const started = p.startedAt;
  const atCompany = p === v.position ? companyStart(v) : started;
  return {
    $recipeType: POSITION_RECIPE,
    title: p.title,
    companyName: at?.company.name,
    companyUrn: at ? companyUrn(at.account.salesId) : undefined,
    current: p.endedAt === undefined || p.endedAt > ctx.t,
    posId: index + 1,
    description: p.description,
    startedOn: yearMonth(started),
    tenureAtCompany: tenure(monthsBetween(atCompany, ctx.t)),
    tenureAtPosition: tenure(monthsBetween(started, ctx.t)),
    ...(at
      ? {
          companyUrnResolutionResult: {
            entityUrn: companyUrn(at.account.salesId),
            name: at.company.name,
            industry: at.company.industry,
            location: locationText(at.hq),
            ...(picture(ctx.seed, at.account.salesId, 'company')
              ? { companyPictureDisplayImage: picture(ctx.seed, at.account.salesId, 'company') }
              : {}),
          },
        }
      : {}),
  };
}

/** A lead search hit or lead-list row (§2.4, §2.9). No `headline`: hits carry `summary` (NICK). */
export function leadHit(ctx: RenderContext, v: LeadView, extra: Record<string, unknown> = {}) {
  const degree = degreeOf(ctx.seed, ctx.member, v.lead.memberId);
  const listCount = listsWith(ctx.assets, 'LEAD', v.lead.profileId);
  const image = picture(ctx.seed, v.lead.memberId, 'profile');
  const mutual = Math.max(1, Math.floor(unit(ctx.seed, 'mutual', ctx.member.key, v.lead.memberId) * 40));
  return {
    $recipeType: LEAD_RECIPE,
    entityUrn: leadUrn(v),
    objectUrn: `urn:li:member:${v.lead.memberId}`,
    firstName: v.person.firstName,
    lastName: v.person.lastName,
    fullName: v.person.fullName,
    geoRegion: locationText(v.city),
    summary: v.lead.summary,
    degree,
    premium: v.lead.premium,
    openLink: false, // "dead: false for every result" (§2.4); the live flag is on the profile
    saved: listCount > 0,
    viewed: false,
    pendingInvitation: false,
    memorialized: false,
    blockThirdPartyDataSharing: false,
    listCount,
    trackingId: trackingId(ctx.seed, v.lead.memberId),
    ...(image ? { profilePictureDisplayImage: image } : {}),
    currentPositions: v.state.current.map((p, i) => decoratedPosition(ctx, v, p, i)),
    spotlightBadges:
      degree === 2
        ? [
            {
              id: 'SECOND_DEGREE_CONNECTION',
              displayValue: `${mutual} mutual connection${mutual === 1 ? '' : 's'}`,
              popup: { header: { text: 'Mutual connections' }, config: { supportsDataFetch: true } },
            },
          ]
        : [],
    ...extra,
  };
}

const countRange = (headcount: number) => `${headcountRange(headcount).label} employees`;

/** An account search hit (§2.5): no website or headquarters. */
export function accountHit(ctx: RenderContext, v: AccountView) {
  const listCount = listsWith(ctx.assets, 'ACCOUNT', String(v.account.salesId));
  const image = picture(ctx.seed, v.account.salesId, 'company');
  const funded = v.account.fundingAt.some((at) => at <= ctx.t && at > ctx.t - 365 * 86_400_000);
  return {
    $recipeType: ACCOUNT_RECIPE,
    entityUrn: companyUrn(v.account.salesId),
    companyName: v.company.name,
    industry: v.company.industry,
    employeeCountRange: countRange(v.company.headcount),
    employeeDisplayCount: employeeDisplayCount(v.company.headcount),
    description: v.account.description,
    listCount,
    saved: listCount > 0,
    trackingId: trackingId(ctx.seed, `c${v.account.salesId}`),
    ...(image ? { companyPictureDisplayImage: image } : {}),
    spotlightBadges: funded ? [{ id: 'RECENT_FUNDING_EVENT', displayValue: 'Recent funding event' }] : [],
  };
}

/** A row of `salesApiDashboardAccountTable` (§2.2). */
export function accountRow(ctx: RenderContext, v: AccountView, addedAt: number) {
  return {
    companyInfo: {
      entityUrn: companyUrn(v.account.salesId),
      name: v.company.name,
      industry: v.company.industry,
      employeeCount: v.company.headcount,
      employeeDisplayCount: employeeDisplayCount(v.company.headcount),
      description: v.account.description,
    },
    dateAddedToListAt: addedAt,
    saved: true,
    listCount: listsWith(ctx.assets, 'ACCOUNT', String(v.account.salesId)),
  };
}

/** A public-profile slug: `/in/dana-demo-4f2a1b` (PhantomBuster's `defaultProfileUrl`). */
function vanity(v: LeadView): string {
  const slug = v.person.fullName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${(v.lead.memberId % 0xffffff).toString(16)}`;
}

/** A full profile (`salesApiProfiles`, §2.7). */
export function profile(ctx: RenderContext, v: LeadView) {
  const degree = degreeOf(ctx.seed, ctx.member, v.lead.memberId);
  const listCount = listsWith(ctx.assets, 'LEAD', v.lead.profileId);
  const positions = [...v.state.current, ...v.state.past];
  const image = picture(ctx.seed, v.lead.memberId, 'profile');
  const rendered = positions.map((p, i) => {
    const at = ctx.day.accounts[p.companyIndex];
    return {
      title: p.title,
      companyName: at?.company.name,
      companyUrn: at ? companyUrn(at.account.salesId) : undefined,
      description: p.description,
      current: p.endedAt === undefined || p.endedAt > ctx.t,
      location: at ? locationText(at.hq) : undefined,
      startedOn: yearMonth(p.startedAt),
      ...(p.endedAt !== undefined && p.endedAt <= ctx.t ? { endedOn: yearMonth(p.endedAt) } : {}),
      posId: i + 1,
    };
  });
  return {
    entityUrn: leadUrn(v),
    objectUrn: `urn:li:member:${v.lead.memberId}`,
    firstName: v.person.firstName,
    lastName: v.person.lastName,
    fullName: v.person.fullName,
    headline: `${v.position.title} at ${v.company.name}`,
    summary: v.lead.summary,
    location: locationText(v.city),
    industry: v.company.industry,
    degree,
    savedLead: listCount > 0,
    listCount,
    unlocked: true,
    pendingInvitation: false,
    memorialized: false,
    blockThirdPartyDataSharing: false,
    numOfConnections: v.lead.connections,
    numOfSharedConnections:
      degree === 2 ? Math.max(1, Math.floor(unit(ctx.seed, 'mutual', ctx.member.key, v.lead.memberId) * 40)) : 0,
    flagshipProfileUrl: `https://www.linkedin.com/in/${vanity(v)}`,
    ...(image ? { profilePictureDisplayImage: image } : {}),
    memberBadges: { premium: v.lead.premium, openLink: v.lead.openLink, jobSeeker: false },
    inmailRestriction: v.lead.openLink ? 'NONE' : 'DEFAULT',
    noteCount: 0,
    // [inf] only first-degree connections share an address, and only some of them.
    contactInfo:
      degree === 1 && unit(ctx.seed, 'shares-email', v.lead.memberId) < 0.5
        ? {
            emailAddresses: [{ emailAddress: v.person.email, dataSource: 'MEMBER' }],
            primaryEmail: { emailAddress: v.person.email },
          }
        : {},
    defaultPosition: rendered[0],
    positions: rendered,
    educations: v.lead.educations.map((e) => ({
      schoolName: e.schoolName,
      schoolUrn: `urn:li:fs_salesSchool:${e.schoolId}`,
      degree: e.degree,
      fieldsOfStudy: [e.fieldOfStudy],
      startedOn: { year: e.startYear },
      endedOn: { year: e.endYear },
    })),
    skills: v.lead.skills.map((name) => ({ name })),
    languages: [{ name: PROFILE_LANGUAGES[v.lead.language] ?? v.lead.language, proficiency: 'NATIVE_OR_BILINGUAL' }],
  };
}

const REVENUE_BOUNDS = [0, 0.5, 1, 2.5, 5, 10, 20, 50, 100, 500, 1000];

/** A company (`salesApiCompanies/<id>`, §2.8). */
export function company(ctx: RenderContext, v: AccountView) {
  const { account, company: c, hq } = v;
  const listCount = listsWith(ctx.assets, 'ACCOUNT', String(account.salesId));
  const lower = [...REVENUE_BOUNDS].reverse().find((b) => b <= account.revenueUsdM) ?? 0;
  const upper = REVENUE_BOUNDS.find((b) => b > account.revenueUsdM);
  const money = (amount: number) => ({ currencyCode: 'USD', amount, unit: 'MILLION' });
  const image = picture(ctx.seed, account.salesId, 'company');
  const slug = c.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const staff = ctx.day.employees.get(c.index) ?? [];
  return {
    entityUrn: companyUrn(account.salesId),
    name: c.name,
    account: { saved: listCount > 0, starred: false, noteCount: 0, listCount },
    ...(image ? { companyPictureDisplayImage: image } : {}),
    description: account.description,
    industry: c.industry,
    location: locationText(hq),
    headquarters: {
      country: c.country,
      geographicArea: hq.region,
      city: hq.name,
      postalCode: hq.postalCode,
      line1: account.hqStreet,
    },
    website: account.website,
    revenueRange: {
      estimatedMinRevenue: money(lower),
      ...(upper !== undefined ? { estimatedMaxRevenue: money(upper) } : {}),
    },
    flagshipCompanyUrl: `https://www.linkedin.com/company/${slug}`,
    employeeGrowthPercentages: [
      { timespan: 'SIX_MONTHS', percentage: Math.round(account.growthPercent / 2) },
      { timespan: 'ONE_YEAR', percentage: account.growthPercent },
      { timespan: 'TWO_YEARS', percentage: Math.round(account.growthPercent * 1.8) },
    ],
    employeeCountRange: countRange(c.headcount),
    employeeCount: c.headcount,
    employeeDisplayCount: employeeDisplayCount(c.headcount),
    employees: staff
      .slice(0, 10)
      .map((e) => ({ entityUrn: leadUrn(e), fullName: e.person.fullName, title: e.position.title })),
    specialties: account.specialties,
    type: COMPANY_TYPES[account.type as keyof typeof COMPANY_TYPES],
    yearFounded: account.yearFounded,
  };
}
