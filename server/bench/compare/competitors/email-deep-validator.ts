import type { Competitor } from '../types.ts';

interface Result {
  wellFormed: boolean;
  validDomain: boolean | null;
  validMailbox: boolean | null;
}
type Lib = new (options?: { timeout?: number }) => { verify(address: string): Promise<Result> };

export const emailDeepValidator: Competitor<Lib> = {
  name: 'email-deep-validator',
  version: '3.3.0',
  monthlyDownloads: 20_306,
  port25Only: true,
  called: '`new EmailValidator().verify(address)`: its defaults (domain and mailbox checks, port 25, 10 s timeout).',
  mapping: [
    '`wellFormed: false` → invalid',
    '`validDomain: false` (no MX record, or the lookup failed) → invalid',
    '`validMailbox: true` → safe; `false` (a 510/511/513/550/551/553 reply without a spam/block word) → invalid; `null` (it could not tell) → suspect',
  ],
  async check(EmailValidator, address) {
    const r = await new EmailValidator().verify(address);
    const said = `wellFormed=${r.wellFormed} validDomain=${r.validDomain} validMailbox=${r.validMailbox}`;
    if (!r.wellFormed || r.validDomain === false) return { verdict: 'invalid', said };
    if (r.validMailbox === true) return { verdict: 'safe', said };
    if (r.validMailbox === false) return { verdict: 'invalid', said };
    return { verdict: 'suspect', said };
  },
};
