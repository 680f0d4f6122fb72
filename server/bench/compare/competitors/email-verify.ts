import type { Competitor } from '../types.ts';

interface Info {
  success: boolean;
  info: string;
  code: number;
  tryagain?: boolean;
}
interface Lib {
  verify(
    email: string,
    options: { port: number; timeout: number },
    callback: (err: NodeJS.ErrnoException | null, info: Info) => void,
  ): void;
  verifyCodes: Record<string, number>;
}

const NO_DOMAIN = new Set(['ENOTFOUND', 'ENODATA']);

export const emailVerify: Competitor<Lib> = {
  name: 'email-verify',
  version: '0.2.1',
  monthlyDownloads: 2_545,
  port25Only: false,
  called:
    '`verify(address, { port, timeout: 10000 }, callback)`: its default sender and HELO name; its default timeout is none, so 10 s is set as for the others.',
  mapping: [
    '`success: true` → safe',
    'invalidEmailStructure, noMxRecords → invalid',
    'domainNotFound: with ENOTFOUND/ENODATA → invalid, with another DNS error (SERVFAIL, timeout) → suspect',
    'SMTPConnectionTimeout, SMTPConnectionError → suspect',
    'finishedVerification with `success: false` → suspect when it set `tryagain` (421/450/451 at the greeting), else invalid (any RCPT reply but 250, or a session that ended early)',
  ],
  check(lib, address, smtpPort) {
    const codes = lib.verifyCodes;
    return new Promise((resolve) => {
      lib.verify(address, { port: smtpPort, timeout: 10_000 }, (err, info) => {
        const said = `${err ? `error ${err.code ?? err.message} ` : ''}success=${info?.success} code=${info?.code} ${info?.info ?? ''}${info?.tryagain ? ' tryagain' : ''}`;
        if (info?.success) return resolve({ verdict: 'safe', said });
        switch (info?.code) {
          case codes.invalidEmailStructure:
          case codes.noMxRecords:
            return resolve({ verdict: 'invalid', said });
          case codes.domainNotFound:
            return resolve({ verdict: err && !NO_DOMAIN.has(err.code ?? '') ? 'suspect' : 'invalid', said });
          case codes.SMTPConnectionTimeout:
          case codes.SMTPConnectionError:
            return resolve({ verdict: 'suspect', said });
          default:
            return resolve({ verdict: info?.tryagain ? 'suspect' : 'invalid', said });
        }
      });
    });
  },
};
