/**
 * The finder engine's only ways out (architecture.md, principle 2). The shell implements them: the
 * verifier with verifyEmails (see verification-check.ts for the mapping), the domain checker with
 * DNS, the two stores with the database.
 */
import type { Verdict } from '../verify/index.ts';
import type { PersonName } from './names/parse-name.ts';
import type { LearnedPattern } from './patterns/learn-pattern.ts';

/** What one verified candidate tells the finder. */
export interface CandidateCheck {
  readonly address: string;
  /**
   * exists: the mailbox accepted at RCPT (on a catch-all domain this proves nothing, see catchAll);
   * absent: rejected as unknown or disabled; unknown: no answer either way (blocked, timeout, 4xx);
   * no_mail_host: the domain has no mail host (nxdomain, null MX, none).
   */
  readonly status: 'exists' | 'absent' | 'unknown' | 'no_mail_host';
  /** true: the domain accepts any address; false: a random address was rejected; null: not learned. */
  readonly catchAll: boolean | null;
  /** The verifier's own verdict for this address. */
  readonly verdict: Verdict;
}

export interface CandidateVerifier {
  /**
   * Verifies several addresses at one domain in one call, so the shell can ask them on one SMTP
   * session where the server allows; reports the RCPT commands this call spent (catch-all probe included).
   */
  verify(addresses: readonly string[]): Promise<{ checks: readonly CandidateCheck[]; rcpts: number }>;
}

export type MailHost = 'mx' | 'a' | 'none' | 'error';

export interface DomainChecker {
  /** Whether the domain has an MX (not null), else an A/AAAA record (implicit MX), else none. */
  mailHost(domain: string): Promise<MailHost>;
}

export interface KnownCompanyDomains {
  /** A domain learned from extracted company records, by companyKey(name). */
  lookup(companyKey: string): Promise<string | null>;
}

export interface DomainPatterns {
  /** What the domain's confirmed addresses taught (learnPattern / addExample), if anything. */
  learned(domain: string): Promise<LearnedPattern | null>;
}

export interface FinderPorts {
  readonly verifier: CandidateVerifier;
  readonly domains: DomainChecker;
  readonly knownDomains?: KnownCompanyDomains;
  readonly patterns?: DomainPatterns;
  /**
   * Whether a domain is a free mail provider (gmail.com …): a confirmed john.smith@gmail.com is some
   * John Smith, not this one, so the finder does not guess there (verification.md §6). The shell can
   * pass the verifier's free-provider list.
   */
  readonly isFreeProvider?: (domain: string) => boolean;
  /**
   * Whether an address is known to be another person's (confirmed for someone of another name):
   * a server's yes there would be that person's, so the finder asks the collision spellings instead
   * (john2@ when john@ is taken), as companies name a second John.
   */
  readonly takenByOther?: (address: string, person: PersonName) => boolean;
  /**
   * Whether an address is known to be another prospect's of the very same name (two Katherine
   * Wrights at one company, or one person listed twice): the collision spelling (kwright2@) is asked
   * first and the address itself right after, and either find is at most riskier, since nothing in
   * the input says which of the two is which.
   */
  readonly takenByNamesake?: (address: string, person: PersonName) => boolean;
}
