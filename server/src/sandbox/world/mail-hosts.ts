/**
 * The sandbox's mail hosts: each kind of SMTP server is a listener of its own on a loopback address
 * of 127.1.0.0/16 (all on one port), so that DNS can point MX names at distinct "machines" the way
 * the internet does. Many domains share a host, as Google's or Microsoft's MX hosts serve many
 * tenants; the host answers per recipient domain.
 */
export type HostKind =
  | 'google'
  | 'postfix'
  | 'microsoft'
  | 'outlook'
  | 'greylist'
  | 'greylist_forever'
  | 'spamhaus'
  | 'nemesis'
  | 'slow'
  | 'silent'
  | 'limit'
  | 'tls_required'
  | 'drops'
  | 'busy';

export interface MailHost {
  readonly kind: HostKind;
  readonly ip: string;
  /** The name the host gives itself in its greeting. */
  readonly name: string;
}

export const MAIL_HOSTS: readonly MailHost[] = [
  { kind: 'google', ip: '127.1.1.1', name: 'aspmx.l.google.test' },
  { kind: 'google', ip: '127.1.1.2', name: 'alt1.aspmx.l.google.test' },
  { kind: 'google', ip: '127.1.1.3', name: 'alt2.aspmx.l.google.test' },
  { kind: 'postfix', ip: '127.1.2.1', name: 'mail.postfix-hosting.test' },
  { kind: 'microsoft', ip: '127.1.3.1', name: 'mail.protection.outlook.test' },
  { kind: 'outlook', ip: '127.1.3.2', name: 'olc.protection.outlook.test' },
  { kind: 'greylist', ip: '127.1.4.1', name: 'mx.postgrey.test' },
  { kind: 'greylist_forever', ip: '127.1.4.2', name: 'mx.greylist-forever.test' },
  { kind: 'spamhaus', ip: '127.1.5.1', name: 'mx.rbl-checking.test' },
  { kind: 'nemesis', ip: '127.1.5.2', name: 'mx.nemesis.test' },
  { kind: 'slow', ip: '127.1.6.1', name: 'mx.slow-greeting.test' },
  { kind: 'silent', ip: '127.1.6.2', name: 'mx.silent.test' },
  { kind: 'limit', ip: '127.1.7.1', name: 'mx.recipient-limit.test' },
  { kind: 'tls_required', ip: '127.1.7.2', name: 'mx.tls-required.test' },
  { kind: 'drops', ip: '127.1.8.1', name: 'mx.drops.test' },
  { kind: 'busy', ip: '127.1.8.2', name: 'mx.busy.test' },
];

/** Host kinds that offer SMTPUTF8 in their EHLO reply (RFC 6531). */
export const SMTPUTF8_HOSTS: ReadonlySet<HostKind> = new Set(['google', 'microsoft', 'outlook']);

/** Addresses MX names point at where nothing listens: connecting there is refused at once. */
export const DEAD_IPS = ['127.1.250.1', '127.1.250.2'] as const;

/** The address of every domain's web server (no SMTP listener there). */
export const WEB_IP = '127.1.255.1';

export function hostIps(kind: HostKind): string[] {
  return MAIL_HOSTS.filter((h) => h.kind === kind).map((h) => h.ip);
}

export function firstHostIp(kind: HostKind): string {
  const ip = hostIps(kind)[0];
  if (!ip) throw new Error(`no mail host of kind ${kind}`);
  return ip;
}
