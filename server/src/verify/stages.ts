/** The stages before SMTP, and the result built from all stages. */
import { classify } from './classify.ts';
import type { DomainResolution } from './domain.ts';
import { isDisposableDomain, isFreeProvider, isRoleAccount } from './lists.ts';
import type { RecipientReport } from './smtp/mx-walk.ts';
import { checkSyntax } from './syntax.ts';
import type { CatchAllStage, DomainStage, MxHost, SmtpStage, SyntaxStage, VerificationResult } from './types.ts';
import { suggestDomain } from './typo.ts';

/** Everything known before SMTP. */
export interface PreparedAddress {
  email: string;
  syntax: SyntaxStage;
  domain: DomainStage;
  mx: MxHost[];
  role: boolean;
  disposable: boolean;
  free: boolean;
  typoSuggestion: string | null;
  /** Worth an SMTP session: valid syntax, a mail host, not disposable. */
  needsSmtp: boolean;
}

const NOT_CHECKED: DomainStage = { status: 'not_checked', implicit_mx: false, dns_error: null };

export async function prepareAddress(
  email: string,
  resolve: (domain: string) => Promise<DomainResolution>,
  extraDisposable: ReadonlySet<string> = new Set(),
): Promise<PreparedAddress> {
  const syntax = checkSyntax(email);
  const role = syntax.local_part !== '' && isRoleAccount(syntax.local_part);
  if (!syntax.valid) {
    return {
      email,
      syntax,
      domain: NOT_CHECKED,
      mx: [],
      role,
      disposable: false,
      free: false,
      typoSuggestion: null,
      needsSmtp: false,
    };
  }
  const disposable = isDisposableDomain(syntax.domain, extraDisposable);
  const resolution = await resolve(syntax.domain);
  // A typo is suggested only when DNS said the domain has no MX (not when DNS failed).
  const hasMx = resolution.hasMxRecords || resolution.domain.status === 'dns_error';
  return {
    email,
    syntax,
    domain: resolution.domain,
    mx: resolution.mx,
    role,
    disposable,
    free: isFreeProvider(syntax.domain),
    typoSuggestion: suggestDomain(syntax.domain, hasMx),
    needsSmtp: resolution.domain.status === 'ok' && !disposable,
  };
}

export function smtpStageOf(report: RecipientReport, attempts: number): SmtpStage {
  return {
    outcome: report.outcome,
    step: report.step,
    mx_host: report.mxHost,
    mx_address: report.mxAddress,
    code: report.reply?.code ?? null,
    enhanced_code: report.reply?.enhanced ?? null,
    text: report.reply?.text ?? null,
    rule: report.rule,
    tls: report.tls,
    attempts,
  };
}

/** The result: stage details in, the classifier's verdict and reasons out. */
export function buildResult(
  p: PreparedAddress,
  smtp: SmtpStage | null,
  catchAll: CatchAllStage | null,
  greylisted: boolean,
): VerificationResult {
  const { verdict, reasons } = classify({
    syntaxValid: p.syntax.valid,
    domainStatus: p.domain.status,
    disposable: p.disposable,
    role: p.role,
    catchAll: catchAll?.value ?? null,
    smtp: smtp ? { outcome: smtp.outcome, step: smtp.step, code: smtp.code } : null,
  });
  return {
    email: p.email,
    verdict,
    reasons,
    details: {
      syntax: p.syntax,
      domain: p.domain,
      mx: p.mx,
      smtp,
      catch_all: catchAll,
      role: p.role,
      disposable: p.disposable,
      free: p.free,
      greylisted,
      full_inbox: smtp?.outcome === 'mailbox_full',
      disabled: smtp?.outcome === 'mailbox_disabled' && smtp.step === 'rcpt',
      typo_suggestion: p.typoSuggestion,
    },
  };
}
