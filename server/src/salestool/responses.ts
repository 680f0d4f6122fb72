/**
 * The shapes the internal API answers with (salestool-protocol.md §2.4–2.9), read leniently: the
 * tool drifts, so a field of an unexpected type reads as absent instead of failing the page, and
 * fields nobody reads are kept but not checked. Only what a record needs is named here.
 */
import { z } from 'zod';

/** An optional field that reads as absent when the tool sends something else. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = opt(z.string());
const num = opt(z.number());
const flag = opt(z.boolean());

export const ImageSchema = z.looseObject({
  rootUrl: text,
  artifacts: opt(z.array(z.looseObject({ width: num, height: num, fileIdentifyingUrlPathSegment: opt(z.string()) }))),
});
export type Image = z.infer<typeof ImageSchema>;

export const YearMonthSchema = z.looseObject({ year: num, month: num, day: num });
export type YearMonth = z.infer<typeof YearMonthSchema>;
const TenureSchema = z.looseObject({ numYears: num, numMonths: num });
export type Tenure = z.infer<typeof TenureSchema>;

export const PositionSchema = z.looseObject({
  title: text,
  companyName: text,
  companyUrn: text,
  current: flag,
  description: text,
  location: text,
  startedOn: opt(YearMonthSchema),
  endedOn: opt(YearMonthSchema),
  tenureAtCompany: opt(TenureSchema),
  tenureAtPosition: opt(TenureSchema),
  companyUrnResolutionResult: opt(
    z.looseObject({
      entityUrn: text,
      name: text,
      industry: text,
      location: text,
      companyPictureDisplayImage: opt(ImageSchema),
    }),
  ),
});
export type Position = z.infer<typeof PositionSchema>;

const BadgeSchema = z.looseObject({ id: text, displayValue: text });

/** A lead search hit (`…searchv2.LeadSearchResult`, §2.4) or a lead-list row (§2.9). */
export const LeadHitSchema = z.looseObject({
  entityUrn: z.string(),
  objectUrn: text,
  firstName: text,
  lastName: text,
  fullName: text,
  geoRegion: text,
  /** The headline the search page shows: hits have no `headline` (§2.4, NICK). */
  summary: text,
  degree: num,
  premium: flag,
  openLink: flag,
  saved: flag,
  viewed: flag,
  pendingInvitation: flag,
  memorialized: flag,
  listCount: num,
  profilePictureDisplayImage: opt(ImageSchema),
  currentPositions: opt(z.array(PositionSchema)),
  pastPositions: opt(z.array(PositionSchema)),
  spotlightBadges: opt(z.array(BadgeSchema)),
});
export type LeadHit = z.infer<typeof LeadHitSchema>;

/** An account search hit (`…searchv2.AccountSearchResult`, §2.5): no website nor headquarters. */
export const AccountHitSchema = z.looseObject({
  entityUrn: z.string(),
  companyName: text,
  industry: text,
  employeeCountRange: text,
  employeeDisplayCount: text,
  description: text,
  listCount: num,
  saved: flag,
  companyPictureDisplayImage: opt(ImageSchema),
  spotlightBadges: opt(z.array(BadgeSchema)),
});
export type AccountHit = z.infer<typeof AccountHitSchema>;

/** A row of an account list (`salesApiDashboardAccountTable`, §2.2): the company under `companyInfo`. */
export const AccountTableRowSchema = z.looseObject({
  companyInfo: z.looseObject({
    entityUrn: z.string(),
    name: text,
    industry: text,
    employeeCount: num,
    employeeDisplayCount: text,
    description: text,
  }),
});
export type AccountTableRow = z.infer<typeof AccountTableRowSchema>;

/** A full lead profile (`salesApiProfiles`, §2.7). */
export const ProfileSchema = z.looseObject({
  entityUrn: text,
  objectUrn: text,
  firstName: text,
  lastName: text,
  fullName: text,
  headline: text,
  summary: text,
  location: text,
  industry: text,
  degree: num,
  savedLead: flag,
  listCount: num,
  pendingInvitation: flag,
  numOfConnections: num,
  numOfSharedConnections: num,
  flagshipProfileUrl: text,
  profilePictureDisplayImage: opt(ImageSchema),
  memberBadges: opt(z.looseObject({ premium: flag, openLink: flag, jobSeeker: flag })),
  contactInfo: opt(
    z.looseObject({
      emailAddresses: opt(z.array(z.looseObject({ emailAddress: text }))),
      phoneNumbers: opt(z.array(z.looseObject({ number: text, type: text }))),
      websites: opt(z.array(z.looseObject({ url: text, category: text }))),
      primaryEmail: opt(z.looseObject({ emailAddress: text })),
    }),
  ),
  defaultPosition: opt(PositionSchema),
  positions: opt(z.array(PositionSchema)),
  educations: opt(
    z.array(
      z.looseObject({
        schoolName: text,
        degree: text,
        fieldsOfStudy: opt(z.array(z.string())),
        startedOn: opt(YearMonthSchema),
        endedOn: opt(YearMonthSchema),
      }),
    ),
  ),
  skills: opt(z.array(z.looseObject({ name: text }))),
  /** Seen as plain names and as `{name, proficiency}` objects. */
  languages: opt(z.array(z.union([z.string(), z.looseObject({ name: text, proficiency: text })]))),
});
export type Profile = z.infer<typeof ProfileSchema>;

const MoneySchema = z.looseObject({ currencyCode: text, amount: num, unit: text });

/** A company (`salesApiCompanies/<id>`, §2.8). */
export const CompanySchema = z.looseObject({
  entityUrn: text,
  name: text,
  description: text,
  industry: text,
  type: text,
  specialties: opt(z.array(z.string())),
  flagshipCompanyUrl: text,
  website: text,
  yearFounded: num,
  location: text,
  headquarters: opt(
    z.looseObject({ country: text, geographicArea: text, city: text, postalCode: text, line1: text, line2: text }),
  ),
  revenueRange: opt(z.looseObject({ estimatedMinRevenue: opt(MoneySchema), estimatedMaxRevenue: opt(MoneySchema) })),
  employeeGrowthPercentages: opt(z.array(z.looseObject({ timespan: text, percentage: num }))),
  employeeCountRange: text,
  employeeCount: num,
  employeeDisplayCount: text,
  companyPictureDisplayImage: opt(ImageSchema),
  account: opt(z.looseObject({ saved: flag, listCount: num })),
});
export type Company = z.infer<typeof CompanySchema>;

/** The decorated envelope (§2.6): `paging.total` may exceed the 2,500 the tool will page to. */
export const EnvelopeSchema = z.looseObject({
  elements: z.array(z.unknown()),
  paging: opt(z.looseObject({ start: num, count: num, total: num })),
  metadata: opt(z.looseObject({ totalDisplayCount: text })),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;
