/**
 * The columns of a lead record, in order: what each holds, where it comes from in the sales
 * tool's answers (salestool-protocol.md §2.4 search hit, §2.7 profile, §2.8 company), and how it
 * is computed. docs/columns.md is rendered from this list (columns-doc.ts) and checked against it.
 */
import { buildSalesNavUrl } from '../salesnav/build-url.ts';
import { type Column, col, matchColumns } from './column.ts';
import { companyColumns } from './company-columns.ts';
import type { LeadFacts, PositionFacts, RecordContext } from './facts.ts';
import { joined, yearMonth } from './format.ts';
import { inferFunctions, inferSeniority } from './infer-role.ts';
import type { MatchResult } from './matching.ts';
import { FUNCTION_LABELS, SENIORITY_LABELS } from './value-tables.ts';

export interface LeadInput {
  facts: LeadFacts;
  match: MatchResult;
  context: RecordContext;
}

const DEGREE: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd' };
const past = (f: LeadFacts, n: number): PositionFacts | undefined => f.past[n];

export const LEAD_COLUMNS: readonly Column<LeadInput>[] = [
  // Who
  col(
    'Full Name',
    'hit `fullName`; profile `fullName`',
    'The name as the tool shows it.',
    ({ facts }) => facts.fullName,
  ),
  col('First Name', 'hit `firstName`; profile `firstName`', 'Given name.', ({ facts }) => facts.firstName),
  col('Last Name', 'hit `lastName`; profile `lastName`', 'Family name.', ({ facts }) => facts.lastName),
  col(
    'Headline',
    'profile `headline`; else hit `summary`',
    'The line under the name. Search hits carry it as `summary` and have no `headline` (§2.4).',
    ({ facts }) => facts.headline,
  ),
  col('About', 'profile `summary`', 'The About section of the profile.', ({ facts }) => facts.about),
  col(
    'Location',
    'hit `geoRegion`; profile `location`',
    'Where the lead is, as the tool writes it.',
    ({ facts }) => facts.location,
  ),
  col(
    'City',
    '`Location`',
    'The first part of Location when it has three parts (city, region, country).',
    ({ facts }) => {
      const parts = facts.location?.split(',').map((p) => p.trim());
      return parts && parts.length >= 3 ? parts[0] : undefined;
    },
  ),
  col('Country', '`Location`', 'The last part of Location.', ({ facts }) => facts.location?.split(',').at(-1)?.trim()),
  col('Industry', 'profile `industry`', "The lead's own industry on their profile.", ({ facts }) => facts.industry),
  col(
    'Sales Navigator URL',
    'hit `entityUrn` (`urn:li:fs_salesProfile:(id,authType,authToken)`)',
    'The lead page in Sales Navigator: `https://www.linkedin.com/sales/lead/<id>,<authType>,<authToken>`.',
    ({ facts }) =>
      buildSalesNavUrl({
        kind: 'lead',
        leadId: facts.leadId,
        ...(facts.authType !== undefined && { authType: facts.authType, authToken: facts.authToken ?? '' }),
      }),
  ),
  col(
    'Sales Navigator ID',
    'hit `entityUrn`',
    'The sales profile id (`ACwAA…`); a bare id the single extraction accepts.',
    ({ facts }) => facts.leadId,
  ),
  col(
    'LinkedIn URL',
    'profile `flagshipProfileUrl`; else built from the id',
    'The public profile: the vanity URL when the profile gave it, else `https://www.linkedin.com/in/<sales id>`, which LinkedIn redirects (§1.6).',
    ({ facts }) => facts.linkedInUrl ?? `https://www.linkedin.com/in/${facts.leadId}`,
  ),
  col(
    'Member ID',
    'hit `objectUrn` (`urn:li:member:<n>`)',
    "The lead's numeric LinkedIn member id.",
    ({ facts }) => facts.memberId,
  ),
  col(
    'Connection Degree',
    'hit `degree`; profile `degree`',
    'Distance from the seat: 1st, 2nd, 3rd, or Out of network.',
    ({ facts }) => (facts.degree === undefined ? undefined : (DEGREE[facts.degree] ?? 'Out of network')),
  ),
  col(
    'Connections',
    'profile `numOfConnections`',
    "The lead's number of connections.",
    ({ facts }) => facts.connections,
  ),
  col(
    'Shared Connections',
    'profile `numOfSharedConnections`',
    'Connections the lead shares with the seat.',
    ({ facts }) => facts.sharedConnections,
  ),
  col(
    'Premium',
    'profile `memberBadges.premium`; else hit `premium`',
    'Whether the lead has LinkedIn Premium.',
    ({ facts }) => facts.premium,
  ),
  col(
    'Open Profile',
    'profile `memberBadges.openLink`',
    'Whether the lead accepts InMail from anyone. Only the profile says: the hit’s `openLink` is always false (§2.4).',
    ({ facts }) => facts.openProfile,
  ),
  col(
    'Job Seeker',
    'profile `memberBadges.jobSeeker`',
    'Whether the lead shows they are open to work.',
    ({ facts }) => facts.jobSeeker,
  ),
  col(
    'Saved Lead',
    'profile `savedLead`; else hit `saved`',
    'Whether the seat has saved this lead.',
    ({ facts }) => facts.saved,
  ),
  col('Viewed', 'hit `viewed`', 'Whether the seat has viewed this lead before.', ({ facts }) => facts.viewed),
  col(
    'Pending Invitation',
    'hit `pendingInvitation`',
    'Whether a connection invitation from the seat is pending.',
    ({ facts }) => facts.pendingInvitation,
  ),
  col(
    'In Lists',
    'hit `listCount`; profile `listCount`',
    "How many of the seat's lead lists hold this lead.",
    ({ facts }) => facts.listCount,
  ),
  col(
    'Spotlights',
    'hit `spotlightBadges[].displayValue`',
    'The badges the search shows (mutual connections, changed jobs, posted recently), joined with "; ".',
    ({ facts }) => joined(facts.spotlights),
  ),
  col(
    'Profile Picture URL',
    'hit or profile `profilePictureDisplayImage`',
    '`rootUrl` plus the largest artifact’s `fileIdentifyingUrlPathSegment` (§2.4).',
    ({ facts }) => facts.pictureUrl,
  ),
  // Contact
  col(
    'Email',
    'email finder (not the tool)',
    'The work address found for the lead, when enrichment ran and found one.',
    ({ context }) => context.email?.address,
  ),
  col(
    'Email Status',
    'email verifier (not the tool)',
    'The verdict on Email: safe, riskier, suspect or invalid.',
    ({ context }) => context.email?.status,
  ),
  col(
    'Profile Emails',
    'profile `contactInfo.emailAddresses[].emailAddress`',
    'Addresses the lead shows on their profile (usually to 1st-degree connections only), joined with "; ".',
    ({ facts }) => joined(facts.profileEmails),
  ),
  col(
    'Phone',
    'profile `contactInfo.phoneNumbers[].number`',
    'Phone numbers the lead shows on their profile, joined with "; ".',
    ({ facts }) => joined(facts.phones),
  ),
  col('Websites', 'profile `contactInfo.websites[].url`', 'Websites the lead lists, joined with "; ".', ({ facts }) =>
    joined(facts.websites),
  ),
  // The current job
  col(
    'Current Job',
    'hit `currentPositions[0].title`',
    'The title of the main current position.',
    ({ facts }) => facts.current?.title,
  ),
  col(
    'Job Description',
    'hit `currentPositions[0].description`',
    'What the lead wrote about the current position.',
    ({ facts }) => facts.current?.description,
  ),
  col(
    'Job Location',
    'profile `positions[].location` (the current one)',
    'Where the current position is.',
    ({ facts }) => facts.current?.location,
  ),
  col(
    'Job Started On',
    'hit `currentPositions[0].startedOn`',
    'When the current position began: `YYYY-MM`.',
    ({ facts }) => yearMonth(facts.current?.startedOn),
  ),
  col(
    'Months in Role',
    'hit `currentPositions[0].tenureAtPosition`',
    'Whole months in the current position (`numYears` × 12 + `numMonths`).',
    ({ facts }) => facts.current?.monthsInRole,
  ),
  col(
    'Months at Company',
    'hit `currentPositions[0].tenureAtCompany`',
    'Whole months at the current company, across positions there.',
    ({ facts }) => facts.current?.monthsAtCompany,
  ),
  col(
    'Seniority',
    'inferred from `Current Job`',
    'The SENIORITY_LEVEL labels the title plausibly has, joined with " or " (the tool does not return seniority; lib/records/infer-role.ts).',
    ({ facts }) =>
      inferSeniority(facts.current?.title)
        .map((id) => SENIORITY_LABELS[id])
        .join(' or ') || undefined,
  ),
  col(
    'Function',
    'inferred from `Current Job`',
    'The FUNCTION labels the title suggests, joined with "; " (inference, as Seniority).',
    ({ facts }) => joined(inferFunctions(facts.current?.title).map((id) => FUNCTION_LABELS[id])),
  ),
  col(
    'Other Current Jobs',
    'hit `currentPositions[1..]`',
    'Other current positions, as "Title at Company", joined with "; ".',
    ({ facts }) => joined(facts.otherCurrent.map(titleAtCompany)),
  ),
  // The current company
  ...companyColumns<LeadInput>(({ facts }) => facts.company, 'lead'),
  // Earlier jobs
  col(
    'Previous Job',
    'profile `positions[]` (first not current)',
    'Title of the most recent past position.',
    ({ facts }) => past(facts, 0)?.title,
  ),
  col(
    'Previous Company',
    'profile `positions[].companyName`',
    'Company of the most recent past position.',
    ({ facts }) => past(facts, 0)?.companyName,
  ),
  col('Previous Job Started On', 'profile `positions[].startedOn`', '`YYYY-MM`.', ({ facts }) =>
    yearMonth(past(facts, 0)?.startedOn),
  ),
  col('Previous Job Ended On', 'profile `positions[].endedOn`', '`YYYY-MM`.', ({ facts }) =>
    yearMonth(past(facts, 0)?.endedOn),
  ),
  col(
    'Previous Job 2',
    'profile `positions[]` (second not current)',
    'Title of the past position before that.',
    ({ facts }) => past(facts, 1)?.title,
  ),
  col(
    'Previous Company 2',
    'profile `positions[].companyName`',
    'Its company.',
    ({ facts }) => past(facts, 1)?.companyName,
  ),
  col('Previous Job 2 Started On', 'profile `positions[].startedOn`', '`YYYY-MM`.', ({ facts }) =>
    yearMonth(past(facts, 1)?.startedOn),
  ),
  col('Previous Job 2 Ended On', 'profile `positions[].endedOn`', '`YYYY-MM`.', ({ facts }) =>
    yearMonth(past(facts, 1)?.endedOn),
  ),
  col(
    'Past Jobs',
    'profile `positions[]` (not current)',
    'Every past position, newest first, as "Title at Company (start–end)", joined with "; ".',
    ({ facts }) => joined(facts.past.map(titleAtCompanyDated)),
  ),
  col(
    'Years of Experience',
    'profile `positions[].startedOn`',
    'Whole years since the earliest position began.',
    ({ facts, context }) => experienceYears(facts, context),
  ),
  // Education and skills
  col(
    'School',
    'profile `educations[0].schoolName`',
    'The first school the profile lists.',
    ({ facts }) => facts.educations[0]?.school,
  ),
  col(
    'Degree',
    'profile `educations[0].degree`',
    'The degree at that school.',
    ({ facts }) => facts.educations[0]?.degree,
  ),
  col('Field of Study', 'profile `educations[0].fieldsOfStudy`', 'Its fields, joined with "; ".', ({ facts }) =>
    joined(facts.educations[0]?.fields ?? []),
  ),
  col(
    'Education',
    'profile `educations[]`',
    'Every school as "School (Degree, Field, start–end)", joined with "; ".',
    ({ facts }) =>
      joined(
        facts.educations.map((e) => {
          const years = e.startYear || e.endYear ? `${e.startYear ?? ''}–${e.endYear ?? ''}` : undefined;
          const detail = [e.degree, ...e.fields, years].filter(Boolean).join(', ');
          return e.school ? `${e.school}${detail ? ` (${detail})` : ''}` : undefined;
        }),
      ),
  ),
  col('Skills', 'profile `skills[].name`', 'Skills listed on the profile, joined with "; ".', ({ facts }) =>
    joined(facts.skills),
  ),
  col('Languages', 'profile `languages[]`', 'Languages listed on the profile, joined with "; ".', ({ facts }) =>
    joined(facts.languages),
  ),
  // The search
  ...matchColumns<LeadInput>(),
];

function titleAtCompany(p: PositionFacts): string | undefined {
  if (!p.title && !p.companyName) return undefined;
  return [p.title, p.companyName].filter(Boolean).join(' at ');
}

function titleAtCompanyDated(p: PositionFacts): string | undefined {
  const head = titleAtCompany(p);
  if (!head) return undefined;
  const from = yearMonth(p.startedOn);
  const to = yearMonth(p.endedOn);
  return from || to ? `${head} (${from ?? ''}–${to ?? ''})` : head;
}

function experienceYears(facts: LeadFacts, context: RecordContext): number | undefined {
  if (!facts.fullProfile) return undefined;
  const years = [facts.current, ...facts.otherCurrent, ...facts.past]
    .map((p) => p?.startedOn?.year)
    .filter((y): y is number => y !== undefined);
  if (years.length === 0) return undefined;
  const now = context.extractedAt ? Number(context.extractedAt.slice(0, 4)) : new Date().getUTCFullYear();
  return Math.max(0, now - Math.min(...years));
}
