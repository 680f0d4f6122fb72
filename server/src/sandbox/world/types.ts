/**
 * The sandbox world's shapes. Fields are only ever added (each from its own PRNG stream, see
 * prng.ts), never changed in meaning, so a world built for one seed keeps every existing field when a
 * later issue adds titles, seniorities or skills.
 */

/**
 * How a domain's mail service behaves: one per row of the verdict table's causes. See
 * mail-behaviour.ts for what each one does and docs/sandbox.md for the fixed domain of each.
 */
export type MailBehaviour =
  | 'normal' // Google Workspace-like: Gmail reply texts, STARTTLS, SMTPUTF8, MX preference ties
  | 'self_hosted' // Postfix-like: its own MX name, Postfix texts, no SMTPUTF8
  | 'catch_all' // every RCPT accepted
  | 'microsoft' // Microsoft 365 with directory-based edge blocking: 550 5.4.1 for unknown users
  | 'microsoft_consumer' // outlook.com-like: 550 5.5.0 for unknown users
  | 'microsoft_open' // Microsoft 365 without edge blocking: 250 2.1.5 for anything (catch-all)
  | 'greylist' // postgrey: 450 4.2.0 until the greylisting delay has passed for the triplet
  | 'greylist_forever' // 451 4.7.1 on every attempt
  | 'blocks_us' // 554 5.7.1 Spamhaus block at RCPT
  | 'blocks_at_connect' // 554 greeting: our IP is block listed
  | 'slow_greeting' // 220 only after a delay
  | 'silent' // accepts the connection, never greets
  | 'recipient_limit' // 452 4.5.3 after a few RCPTs on one connection
  | 'tls_required' // 530 5.7.0 until STARTTLS
  | 'drops' // closes the connection on RCPT without a reply
  | 'busy' // 421 at greeting on every MX
  | 'null_mx' // MX 0 . (RFC 7505)
  | 'implicit_mx' // no MX record, an A record with an SMTP server behind it
  | 'dead_primary_mx' // the lowest-preference MX refuses connections, the backup works
  | 'all_mx_dead' // every MX refuses connections
  | 'nxdomain' // the domain does not exist
  | 'servfail' // the DNS server fails for the domain
  | 'disposable'; // a throwaway-address service (accepts everything)

/** Address patterns, in Hunter's placeholder terms: first.last = {first}.{last}, flast = {f}{last}. */
export type AddressPattern =
  | 'first.last'
  | 'flast'
  | 'first'
  | 'firstlast'
  | 'f.last'
  | 'firstl'
  | 'first_last'
  | 'last.first'
  | 'lastf'
  | 'last';

export type MailboxStatus = 'active' | 'full' | 'disabled';

export interface Mailbox {
  /** local@domain, lower case, A-label domain. */
  readonly address: string;
  readonly status: MailboxStatus;
  /** A role account (info@, sales@ …) rather than a person's mailbox. */
  readonly role: boolean;
  readonly personId?: string;
}

export interface MxRecord {
  readonly preference: number;
  /** Host name, lower case, no trailing dot; '' for a null MX. */
  readonly exchange: string;
}

/** Everything the DNS and SMTP servers need to serve one domain. */
export interface MailDomain {
  /** A-label form, lower case: what DNS serves and what mailboxes are keyed by. */
  readonly domain: string;
  /** U-label form as people write it; equal to `domain` unless IDN. */
  readonly unicodeDomain: string;
  readonly behaviour: MailBehaviour;
  readonly mx: readonly MxRecord[];
  /** The domain's own A records (a web server, or the SMTP server for an implicit MX). */
  readonly a: readonly string[];
  /** The loopback addresses of the SMTP listeners that answer for this domain's recipients. */
  readonly smtpIps: readonly string[];
  /** Host name (lower case) -> addresses, for the MX names this domain introduces. */
  readonly hostRecords: readonly (readonly [string, readonly string[]])[];
  readonly catchAll: boolean;
  /** Whether its mail hosts offer SMTPUTF8, so that a non-ASCII local part can be asked about. */
  readonly smtputf8: boolean;
  readonly companyId?: string;
}

export interface Company {
  readonly id: string;
  readonly index: number;
  /** Display name, e.g. "Northwind Analytics" or "Müller Maschinenbau". */
  readonly name: string;
  /** Name with its legal form, e.g. "Müller Maschinenbau GmbH". */
  readonly legalName: string;
  readonly domain: string;
  readonly unicodeDomain: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly industry: string;
  readonly headcount: number;
  readonly pattern: AddressPattern;
  /** How names become local parts: German-speaking companies often write ü as ue. */
  readonly umlauts: 'strip' | 'expand';
  readonly mail: MailBehaviour;
  readonly roleAddresses: readonly string[];
}

export interface Person {
  readonly id: string;
  readonly companyId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly middleName?: string;
  /** A short form of the first name people use (Bob for Robert), when they have one. */
  readonly nickname?: string;
  readonly fullName: string;
  /** ISO 3166-1 alpha-2 of where the name comes from (not where the person works: a later field). */
  readonly nameOrigin: string;
  /** Their mailbox at the company's domain (A-label), lower case. */
  readonly email: string;
  readonly mailbox: MailboxStatus;
}

export interface World {
  readonly seed: string;
  readonly companies: readonly Company[];
  readonly people: readonly Person[];
  /** Every domain the mail world serves (companies' and fixed), by A-label. */
  readonly domains: ReadonlyMap<string, MailDomain>;
  /** Every mailbox, by lower-case address with an A-label domain. */
  readonly mailboxes: ReadonlyMap<string, Mailbox>;
  /** Host name (lower case) -> IPv4 loopback addresses. */
  readonly hosts: ReadonlyMap<string, readonly string[]>;
  /** Domains a verifier must treat as disposable (not on public lists: they are sandbox names). */
  readonly disposableDomains: readonly string[];
}

/*
 * The sales tool's view of the world (sales-world.ts): a profile for every person and an account for
 * every company, drawn from streams of their own, so the mail world above is untouched by them.
 */

/** A position on a lead's profile. Times are epoch ms at 00:00 UTC. */
export interface Position {
  /** Index in World.companies. */
  readonly companyIndex: number;
  readonly title: string;
  /** The CURRENT_TITLE / PAST_TITLE id the tool's typeahead gives this title. */
  readonly titleId: number;
  /** SENIORITY_LEVEL id. */
  readonly seniority: number;
  /** FUNCTION name (sales-catalog.ts FUNCTIONS). */
  readonly functionName: string;
  readonly startedAt: number;
  /** Absent while the position is held. */
  readonly endedAt?: number;
  readonly description: string;
}

export interface Education {
  readonly schoolId: number;
  readonly schoolName: string;
  readonly degree: string;
  readonly fieldOfStudy: string;
  readonly startYear: number;
  readonly endYear: number;
}

/**
 * A person as the sales tool knows them. `positions` is the whole career, newest first, including
 * what happens after the world's epoch (a job change is a position that starts later): what the
 * tool shows at a time is timeline.ts's business.
 */
export interface Lead {
  readonly personId: string;
  /** Index in World.people. */
  readonly personIndex: number;
  /** Numeric member id: `urn:li:member:<memberId>`. */
  readonly memberId: number;
  /** The sales profile id, `ACwAA…` (base64url of 00 2C 00 00, the member id, 21 bytes). */
  readonly profileId: string;
  /** The third part of a lead's URN: `(profileId,NAME_SEARCH,authToken)`. */
  readonly authToken: string;
  /** Index in geo-data.ts CITIES. */
  readonly cityIndex: number;
  readonly positions: readonly Position[];
  /** From when the tool lists the person at all (a new profile); absent: always. */
  readonly listedAt?: number;
  readonly educations: readonly Education[];
  readonly skills: readonly string[];
  /** PROFILE_LANGUAGE code. */
  readonly language: string;
  readonly connections: number;
  readonly premium: boolean;
  readonly openLink: boolean;
  /** The profile's "About" text, which search hits carry as `summary`. */
  readonly summary: string;
}

/** A company as the sales tool knows it (an account). */
export interface Account {
  readonly companyIndex: number;
  /** The numeric company id: `urn:li:fs_salesCompany:<salesId>`, `/sales/company/<salesId>`. */
  readonly salesId: number;
  readonly website: string;
  readonly description: string;
  /** COMPANY_TYPE letter. */
  readonly type: string;
  readonly yearFounded: number;
  /** Index in geo-data.ts CITIES: the headquarters. */
  readonly hqCityIndex: number;
  readonly hqStreet: string;
  readonly specialties: readonly string[];
  readonly followers: number;
  /** Estimated annual revenue, millions of US dollars. */
  readonly revenueUsdM: number;
  /** Headcount growth over a year, percent. */
  readonly growthPercent: number;
  /** JOB_OPPORTUNITIES JO1. */
  readonly hiring: boolean;
  /** Times of funding events (ACCOUNT_ACTIVITIES RFE matches one in the last 12 months). */
  readonly fundingAt: readonly number[];
  /** Fortune 500 rank of a large US company. */
  readonly fortuneRank?: number;
}
