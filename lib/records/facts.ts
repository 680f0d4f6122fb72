/**
 * What a lead or an account is, read out of the sales tool's answers (the service maps search
 * hits, list rows, profiles and companies to these: server/src/salestool/map-facts.ts). Records
 * (the columns of docs/columns.md) and the filter check (matching.ts) are both computed from
 * facts, so a column and the check that reads the same thing cannot disagree.
 */

export interface YearMonth {
  year?: number;
  month?: number;
}

export interface PositionFacts {
  title?: string;
  companyName?: string;
  /** The numeric sales company id, from `companyUrn` (`urn:li:fs_salesCompany:<id>`). */
  companyId?: string;
  description?: string;
  location?: string;
  startedOn?: YearMonth;
  endedOn?: YearMonth;
  current: boolean;
}

export interface Money {
  amount: number;
  currency?: string;
  /** As the tool says it (`MILLION`, `BILLION`, …); amounts are kept as sent. */
  unit?: string;
}

export interface CompanyFacts {
  id?: string;
  name?: string;
  /** The public company page (`flagshipCompanyUrl`). */
  linkedInUrl?: string;
  website?: string;
  industry?: string;
  /** The tool's display range, e.g. "51-200 employees". */
  headcountRange?: string;
  employeeCount?: number;
  /** "100K+" and the like: the count the tool displays. */
  employeeDisplayCount?: string;
  type?: string;
  founded?: number;
  specialties: string[];
  description?: string;
  revenueMin?: Money;
  revenueMax?: Money;
  headquarters?: {
    line1?: string;
    line2?: string;
    city?: string;
    area?: string;
    postalCode?: string;
    country?: string;
  };
  location?: string;
  growth: { timespan: string; percentage: number }[];
  logoUrl?: string;
  saved?: boolean;
  listCount?: number;
  spotlights: string[];
}

export interface EducationFacts {
  school?: string;
  degree?: string;
  fields: string[];
  startYear?: number;
  endYear?: number;
}

export interface LeadFacts {
  /** The sales profile id (`ACwAA…`) with the auth parts its URL needs. */
  leadId: string;
  authType?: string;
  authToken?: string;
  memberId?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  headline?: string;
  about?: string;
  location?: string;
  industry?: string;
  /** The public profile URL (`flagshipProfileUrl`), when the profile gave it. */
  linkedInUrl?: string;
  degree?: number;
  connections?: number;
  sharedConnections?: number;
  premium?: boolean;
  openProfile?: boolean;
  jobSeeker?: boolean;
  saved?: boolean;
  viewed?: boolean;
  pendingInvitation?: boolean;
  listCount?: number;
  spotlights: string[];
  pictureUrl?: string;
  profileEmails: string[];
  phones: string[];
  websites: string[];
  current?: PositionFacts & { monthsInRole?: number; monthsAtCompany?: number };
  /** Current positions beyond the main one. */
  otherCurrent: PositionFacts[];
  /** Past positions, newest first. */
  past: PositionFacts[];
  company?: CompanyFacts;
  educations: EducationFacts[];
  skills: string[];
  languages: string[];
  /** Whether the full profile was read (past jobs, education, skills come only from it). */
  fullProfile: boolean;
}

export interface AccountFacts {
  company: CompanyFacts & { id: string };
}

/** Where a record came from, and its email once found: filled by the extraction, not the tool. */
export interface RecordContext {
  sourceUrl?: string;
  /** 1-based position in the search or list. */
  position?: number;
  /** `YYYY-MM-DD HH:MM:SS+00:00`, as the API's other times. */
  extractedAt?: string;
  email?: { address: string | null; status: string | null };
}
