import { DEAD_IPS, firstHostIp, type HostKind, hostIps, MAIL_HOSTS, SMTPUTF8_HOSTS, WEB_IP } from './mail-hosts.ts';
import type { MailBehaviour, MailDomain, MxRecord } from './types.ts';

export type MailRouting = Pick<MailDomain, 'mx' | 'a' | 'smtpIps' | 'hostRecords' | 'catchAll' | 'smtputf8'>;

const GOOGLE_MX: readonly MxRecord[] = [
  { preference: 1, exchange: 'aspmx.l.google.test' },
  // Two backups with equal preference, as Google publishes: a client must randomise ties.
  { preference: 5, exchange: 'alt1.aspmx.l.google.test' },
  { preference: 5, exchange: 'alt2.aspmx.l.google.test' },
];

/** Behaviours whose whole job is done by one host kind behind one MX name of the domain's own. */
const SINGLE_HOST: Partial<Record<MailBehaviour, HostKind>> = {
  self_hosted: 'postfix',
  disposable: 'postfix',
  greylist: 'greylist',
  greylist_forever: 'greylist_forever',
  blocks_us: 'spamhaus',
  blocks_at_connect: 'nemesis',
  slow_greeting: 'slow',
  silent: 'silent',
  recipient_limit: 'limit',
  tls_required: 'tls_required',
  drops: 'drops',
};

/** The DNS records and SMTP hosts of a domain with the given behaviour (domain in A-label form). */
export function routeMail(domain: string, behaviour: MailBehaviour): MailRouting {
  const routing = routeWithoutCapabilities(domain, behaviour);
  const kinds = MAIL_HOSTS.filter((h) => routing.smtpIps.includes(h.ip)).map((h) => h.kind);
  return { ...routing, smtputf8: kinds.length > 0 && kinds.every((k) => SMTPUTF8_HOSTS.has(k)) };
}

function routeWithoutCapabilities(domain: string, behaviour: MailBehaviour): Omit<MailRouting, 'smtputf8'> {
  const catchAll = behaviour === 'catch_all' || behaviour === 'microsoft_open' || behaviour === 'disposable';
  const web = [WEB_IP];
  const single = SINGLE_HOST[behaviour];
  if (single) {
    const name = `mail.${domain}`;
    const ips = hostIps(single);
    return { mx: [{ preference: 10, exchange: name }], a: web, smtpIps: ips, hostRecords: [[name, ips]], catchAll };
  }
  switch (behaviour) {
    case 'normal':
    case 'catch_all':
      return { mx: GOOGLE_MX, a: web, smtpIps: hostIps('google'), hostRecords: [], catchAll };
    case 'microsoft':
    case 'microsoft_open':
    case 'microsoft_consumer': {
      // Microsoft names each tenant's MX after its domain, dots as dashes; all share the edge hosts.
      const kind: HostKind = behaviour === 'microsoft_consumer' ? 'outlook' : 'microsoft';
      const zone = kind === 'outlook' ? 'olc.protection.outlook.test' : 'mail.protection.outlook.test';
      // An IDN's "xn--" would make the tenant label an invalid A-label: it becomes "xn-".
      const name = `${domain.replaceAll('.', '-').replace(/^xn--/, 'xn-')}.${zone}`;
      const ips = hostIps(kind);
      return { mx: [{ preference: 0, exchange: name }], a: web, smtpIps: ips, hostRecords: [[name, ips]], catchAll };
    }
    case 'busy':
      return twoMx(domain, [hostIps('busy'), hostIps('busy')], hostIps('busy'), catchAll);
    case 'dead_primary_mx':
      return twoMx(domain, [[DEAD_IPS[0]], hostIps('postfix')], hostIps('postfix'), catchAll);
    case 'all_mx_dead':
      return twoMx(domain, [[DEAD_IPS[0]], [DEAD_IPS[1]]], [], catchAll);
    case 'null_mx':
      return { mx: [{ preference: 0, exchange: '' }], a: web, smtpIps: [], hostRecords: [], catchAll };
    case 'implicit_mx': {
      // No MX at all: RFC 5321 §5.1 says mail goes to the domain's own address.
      const ip = firstHostIp('postfix');
      return { mx: [], a: [ip], smtpIps: [ip], hostRecords: [], catchAll };
    }
    case 'nxdomain':
    case 'servfail':
      return { mx: [], a: [], smtpIps: [], hostRecords: [], catchAll };
    default:
      throw new Error(`no mail routing for behaviour ${behaviour}`);
  }
}

function twoMx(
  domain: string,
  ips: [string[], string[]],
  smtpIps: string[],
  catchAll: boolean,
): Omit<MailRouting, 'smtputf8'> {
  const primary = `mx1.${domain}`;
  const backup = `mx2.${domain}`;
  return {
    mx: [
      { preference: 10, exchange: primary },
      { preference: 20, exchange: backup },
    ],
    a: [WEB_IP],
    smtpIps,
    hostRecords: [
      [primary, ips[0]],
      [backup, ips[1]],
    ],
    catchAll,
  };
}

/** Host names every world serves whatever its domains: the shared provider hosts. */
export function sharedHostRecords(): [string, string[]][] {
  return MAIL_HOSTS.filter((h) => h.kind === 'google').map((h) => [h.name, [h.ip]]);
}
