import type { VerificationResult } from '../../verify/index.ts';

/** What the CLI prints and writes for one address: the verdict and the stage results that explain it. */
export interface Outcome {
  email: string;
  email_validity: string;
  reasons: string;
  mx_host: string;
  smtp_code: string;
  smtp_reply: string;
  catch_all: string;
  role: boolean;
  disposable: boolean;
  free: boolean;
}

/** The columns `verify --file` adds to each row, in this order. */
export const OUTCOME_COLUMNS = [
  'email_validity',
  'reasons',
  'mx_host',
  'smtp_code',
  'smtp_reply',
  'catch_all',
  'role',
  'disposable',
  'free',
] as const;

export function outcomeOf(r: VerificationResult): Outcome {
  const smtp = r.details.smtp;
  const catchAll = r.details.catch_all?.value;
  return {
    email: r.email,
    email_validity: r.verdict,
    reasons: r.reasons.map((x) => x.code).join(';'),
    mx_host: smtp?.mx_host ?? r.details.mx[0]?.host ?? '',
    smtp_code: smtp?.code ? `${smtp.code}${smtp.enhanced_code ? ` ${smtp.enhanced_code}` : ''}` : '',
    smtp_reply: (smtp?.text ?? '').replace(/\s+/g, ' ').slice(0, 200),
    catch_all: catchAll === undefined || catchAll === null ? '' : String(catchAll),
    role: r.details.role,
    disposable: r.details.disposable,
    free: r.details.free,
  };
}

/** A row with no address in the chosen column. */
export const emptyOutcome = (email: string): Outcome => ({
  email,
  email_validity: '',
  reasons: 'no_address',
  mx_host: '',
  smtp_code: '',
  smtp_reply: '',
  catch_all: '',
  role: false,
  disposable: false,
  free: false,
});
