import type { Competitor } from '../types.ts';

interface Result {
  validFormat: boolean;
  validMx: boolean | null;
  validSmtp: boolean | null;
}
interface Lib {
  verifyEmail(params: {
    emailAddress: string;
    verifyMx: boolean;
    verifySmtp: boolean;
    timeout: number;
    smtpPort: number;
  }): Promise<Result>;
}

export const devmehqEmailValidator: Competitor<Lib> = {
  name: '@devmehq/email-validator-js',
  version: '2.10.2',
  monthlyDownloads: 7_449,
  port25Only: false,
  called:
    '`verifyEmail({ emailAddress, verifyMx: true, verifySmtp: true, timeout: 10000, smtpPort })` (25 unless the bench could not bind it). Not `verifyEmailDetailed`: that one first checks the domain against the Public Suffix List, where `.test` is not, so it would call every sandbox domain invalid without asking DNS.',
  mapping: [
    '`validFormat: false` → invalid',
    '`validMx: false` (no MX record, or the lookup failed) → invalid',
    '`validSmtp: true` → safe; `false` (a 510/511/513/550/551/553 reply without a spam/block word, or "over quota") → invalid; `null` (it could not tell) → suspect',
  ],
  async check(lib, address, smtpPort) {
    const r = await lib.verifyEmail({
      emailAddress: address,
      verifyMx: true,
      verifySmtp: true,
      timeout: 10_000,
      smtpPort,
    });
    const said = `validFormat=${r.validFormat} validMx=${r.validMx} validSmtp=${r.validSmtp}`;
    if (!r.validFormat || r.validMx === false) return { verdict: 'invalid', said };
    if (r.validSmtp === true) return { verdict: 'safe', said };
    if (r.validSmtp === false) return { verdict: 'invalid', said };
    return { verdict: 'suspect', said };
  },
};
