import type { Competitor } from '../types.ts';

type Lib = (
  email: string,
  callback: (err: NodeJS.ErrnoException | null, exists: boolean, undetermined?: boolean) => void,
  timeout?: number,
) => void;

/** DNS answers that say the domain has no mail (the rest are failures to ask). */
const NO_DOMAIN = new Set(['ENOTFOUND', 'ENODATA']);

export const emailExistence: Competitor<Lib> = {
  name: 'email-existence',
  version: '0.1.6',
  monthlyDownloads: 9_352,
  port25Only: true,
  called: '`check(address, callback, 10000)`: port 25, the address itself as sender, 10 s socket timeout.',
  mapping: [
    '`exists: true` → safe',
    '`undetermined: true` (a timeout or a reply it does not know, on every MX host) → suspect',
    'an error from the MX lookup: ENOTFOUND/ENODATA → invalid, any other (SERVFAIL, timeout) → suspect',
    '`exists: false` otherwise (a 550 reply, a socket error such as a refused connection, or a bad address) → invalid',
  ],
  check(check, address) {
    return new Promise((resolve) => {
      check(
        address,
        (err, exists, undetermined) => {
          const said = `${err ? `error ${err.code ?? err.message} ` : ''}exists=${exists}${undetermined ? ' undetermined' : ''}`;
          if (exists) resolve({ verdict: 'safe', said });
          else if (undetermined) resolve({ verdict: 'suspect', said });
          else if (err && !NO_DOMAIN.has(err.code ?? '')) resolve({ verdict: 'suspect', said });
          else resolve({ verdict: 'invalid', said });
        },
        10_000,
      );
    });
  },
};
