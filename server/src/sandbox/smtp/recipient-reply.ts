import { hasNonAscii, parseAddress } from '../world/address.ts';
import type { MailHost } from '../world/mail-hosts.ts';
import type { World } from '../world/types.ts';
import type { Greylist } from './greylist.ts';
import type { HostProfile } from './host-profiles.ts';
import { type Reply, reply, STYLE_TEXTS, TEXTS } from './reply-texts.ts';

export interface RcptContext {
  readonly world: World;
  readonly host: MailHost;
  readonly profile: HostProfile;
  readonly greylist: Greylist;
}

export interface RcptSession {
  readonly clientIp: string;
  readonly mailFrom: string;
  /** MAIL FROM carried the SMTPUTF8 parameter. */
  readonly smtputf8: boolean;
  /** RCPT commands on this connection so far, this one included. */
  readonly rcptCount: number;
}

/** The answer to `RCPT TO:<address>`, or 'drop' to close the connection without one. */
export function recipientReply(ctx: RcptContext, session: RcptSession, address: string): Reply | 'drop' {
  const { profile, host } = ctx;
  const texts = STYLE_TEXTS[profile.style];
  if (profile.rcptLimit !== undefined && session.rcptCount > profile.rcptLimit) {
    return texts.tooManyRecipients(host.name);
  }
  switch (profile.rcptGate) {
    case 'drop':
      return 'drop';
    case 'spamhaus':
      return TEXTS.spamhaus(session.clientIp);
    case 'greylist_forever':
      return TEXTS.greylistedForever;
  }

  const parsed = parseAddress(address);
  if (!parsed) return reply(501, '5.1.3 Bad recipient address syntax');
  const domain = ctx.world.domains.get(parsed.domain);
  // Only the hosts of the domain's own MX (or implicit MX) answer for it; any other relays nothing.
  if (!domain?.smtpIps.includes(host.ip)) return texts.relayDenied(address);
  if (hasNonAscii(parsed.local) && !session.smtputf8) return TEXTS.smtputf8Required(address);

  if (profile.rcptGate === 'greylist' && !ctx.greylist.passes(session.clientIp, session.mailFrom, address)) {
    return TEXTS.greylisted(address, parsed.domain);
  }
  if (domain.catchAll) return texts.rcptOk;
  const mailbox = ctx.world.mailboxes.get(`${parsed.local}@${parsed.domain}`);
  if (!mailbox) return texts.unknown(address, host.name);
  if (mailbox.status === 'disabled') return texts.disabled(address);
  if (mailbox.status === 'full') return texts.full(address);
  return texts.rcptOk;
}
