import type { FinderReason, FinderResult } from '../finder/index.ts';

/** What the API says of one person's search (EmailFinderProspectOut's result fields). */
export interface ProspectOutcome {
  status: 'complete' | 'failed';
  found_email: string | null;
  email_validity: 'safe' | 'riskier' | 'suspect' | null;
  error_message: string | null;
}

/** Why nothing was found, as error_message: the finder's reason, then what it means. */
const WHY: Record<FinderReason, string> = {
  confirmed: 'confirmed',
  catch_all_known_pattern: 'catch_all_known_pattern',
  catch_all: 'catch_all',
  unverifiable: 'unverifiable: the mail server answered neither yes nor no',
  not_found: 'not_found: the mail server rejected every likely address',
  undeliverable: 'undeliverable: the domain does not take mail for people (a disposable-address service)',
  budget_exhausted: 'not_found: the search stopped at its limit of addresses to ask about',
  no_name: 'no_name: the name gives no address to try',
  no_domain: 'no_domain: no mail domain was found for the company; give company_domain',
  free_provider: 'free_provider: the domain is a free mail provider, where an address cannot be tied to this person',
  no_mail_host: 'no_mail_host: the domain takes no mail (no mail host, or it does not exist)',
  dns_error: 'dns_error: the domain could not be looked up in DNS; try again later',
};

export const INSUFFICIENT_CREDITS = 'insufficient_credits';

/** decisions.md: a found address costs 1 credit when its verdict is safe or riskier. */
export const isChargeable = (o: Pick<ProspectOutcome, 'email_validity'>): boolean =>
  o.email_validity === 'safe' || o.email_validity === 'riskier';

export function prospectOutcome(result: FinderResult | Error): ProspectOutcome {
  if (result instanceof Error) {
    return {
      status: 'failed',
      found_email: null,
      email_validity: null,
      error_message: `lookup_error: ${result.message}`,
    };
  }
  if (result.email && result.verdict !== 'none') {
    return { status: 'complete', found_email: result.email, email_validity: result.verdict, error_message: null };
  }
  return { status: 'failed', found_email: null, email_validity: null, error_message: WHY[result.reason] };
}

/** A found address the balance could not pay for is withheld (decisions.md). */
export const withheld = (): ProspectOutcome => ({
  status: 'failed',
  found_email: null,
  email_validity: null,
  error_message: INSUFFICIENT_CREDITS,
});
