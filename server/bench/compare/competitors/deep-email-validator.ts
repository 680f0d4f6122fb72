import type { Competitor } from '../types.ts';

interface Output {
  valid: boolean;
  reason?: 'regex' | 'typo' | 'disposable' | 'mx' | 'smtp';
  validators: Record<string, { valid: boolean; reason?: string }>;
}
interface Lib {
  validate(options: { email: string; additionalTopLevelDomains?: string[] }): Promise<Output>;
}

// Its SMTP step names each failure by one text (src/smtp/errorCodes.ts); these say the mailbox is not there.
const NO_MAILBOX = [/^Mailbox not found\.$/, /is not local/, /not syntactically correct/];
const FULL = /run out of space/;

export const deepEmailValidator: Competitor<Lib> = {
  name: 'deep-email-validator',
  version: '0.1.27',
  monthlyDownloads: 108_313,
  port25Only: true,
  called:
    "`validate({ email, additionalTopLevelDomains: ['test'] })`: its defaults (regex, typo, disposable, MX, SMTP on port 25, its fixed 10 s socket timeout), with `.test` added to the TLDs its typo check knows, so that sandbox domains are not read as typos of `.net`.",
  mapping: [
    '`valid: true` → safe',
    '`reason` regex, typo, disposable or mx → invalid',
    '`reason` smtp with "Mailbox not found." (any 550) or the 551/553 texts → invalid',
    '`reason` smtp with the 552 text (out of space) → riskier',
    '`reason` smtp with anything else (timeout, closed connection, socket error, 4xx, 554 "failed for unknown causes") → suspect',
  ],
  async check(lib, address) {
    const out = await lib.validate({ email: address, additionalTopLevelDomains: ['test'] });
    if (out.valid) return { verdict: 'safe', said: 'valid' };
    const why = out.reason ?? 'unknown';
    const text = out.validators[why]?.reason ?? '';
    const said = `${why}: ${text}`.slice(0, 160);
    if (why !== 'smtp') return { verdict: 'invalid', said };
    if (NO_MAILBOX.some((re) => re.test(text))) return { verdict: 'invalid', said };
    if (FULL.test(text)) return { verdict: 'riskier', said };
    return { verdict: 'suspect', said };
  },
};
