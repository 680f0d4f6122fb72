import { isIP } from 'node:net';
import type { DnsFailure, MailResolver, MxRecord } from './ports.ts';
import type { DomainStage, MxHost } from './types.ts';

/**
 * The domain stage: where mail for the domain goes (RFC 5321 §5.1, RFC 7505).
 * - MX records sorted by preference, equal preferences shuffled (spreading load as the RFC asks).
 * - NODATA on MX: the domain itself is the mail host (implicit MX) if it has A/AAAA records.
 * - A null MX (`MX 0 .`) says the domain takes no mail: never fall back to A/AAAA.
 * - NXDOMAIN means the domain does not exist; SERVFAIL and timeouts say nothing about it.
 * Each MX host's addresses are looked up here too, so the result shows where we would connect.
 */
export interface DomainResolution {
  domain: DomainStage;
  mx: MxHost[];
  /** The domain published MX records (a null MX counts): typo suggestions are made only without. */
  hasMxRecords: boolean;
}

const failureText = (f: DnsFailure): string => (f.kind === 'error' ? f.code : f.kind);
const isNullMx = (r: MxRecord): boolean => r.exchange === '' || r.exchange === '.';

/** Sorted by preference; records of equal preference in random order. */
export function orderMx(records: readonly MxRecord[], random: () => number): MxRecord[] {
  const shuffled = [...records];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as MxRecord, shuffled[i] as MxRecord];
  }
  // Array.prototype.sort is stable, so the shuffle survives among equal preferences.
  return shuffled.sort((a, b) => a.priority - b.priority);
}

async function hostOf(resolver: MailResolver, host: string, preference: number): Promise<MxHost> {
  // An IP literal as exchange breaks RFC 2181 §10.3 but is seen; it is used as it stands.
  if (isIP(host)) return { host, preference, addresses: [host], lookup_error: null };
  const answer = await resolver.addresses(host);
  if (answer.kind === 'records') return { host, preference, addresses: answer.addresses, lookup_error: null };
  return { host, preference, addresses: [], lookup_error: failureText(answer) };
}

const stage = (status: DomainStage['status'], implicit = false, dnsError: string | null = null): DomainStage => ({
  status,
  implicit_mx: implicit,
  dns_error: dnsError,
});

export async function resolveDomain(
  domain: string,
  resolver: MailResolver,
  random: () => number,
): Promise<DomainResolution> {
  const answer = await resolver.mx(domain);
  if (answer.kind === 'nxdomain') return { domain: stage('nxdomain'), mx: [], hasMxRecords: false };
  if (answer.kind === 'error') return { domain: stage('dns_error', false, answer.code), mx: [], hasMxRecords: false };

  if (answer.kind === 'nodata') {
    const implicit = await hostOf(resolver, domain, 0);
    if (implicit.addresses.length > 0) return { domain: stage('ok', true), mx: [implicit], hasMxRecords: false };
    if (implicit.lookup_error === 'nxdomain' || implicit.lookup_error === 'nodata') {
      return { domain: stage('no_mail_host', true), mx: [], hasMxRecords: false };
    }
    return { domain: stage('dns_error', true, implicit.lookup_error), mx: [], hasMxRecords: false };
  }

  // RFC 7505: a null MX must stand alone; should other records come with it, they are used and
  // the '.' ignored [inference: the RFC leaves that case to the sender].
  const usable = answer.records.filter((r) => !isNullMx(r));
  if (usable.length === 0) return { domain: stage('null_mx'), mx: [], hasMxRecords: true };
  const ordered = orderMx(usable, random);
  const hosts = await Promise.all(
    ordered.map((r) => hostOf(resolver, r.exchange.toLowerCase().replace(/\.$/, ''), r.priority)),
  );
  if (hosts.some((h) => h.addresses.length > 0)) return { domain: stage('ok'), mx: hosts, hasMxRecords: true };
  // No MX host has an address: "no mail host at all" when DNS said so, unknown when DNS failed.
  const failed = hosts.find((h) => h.lookup_error !== 'nxdomain' && h.lookup_error !== 'nodata');
  if (failed) return { domain: stage('dns_error', false, failed.lookup_error), mx: hosts, hasMxRecords: true };
  return { domain: stage('no_mail_host'), mx: hosts, hasMxRecords: true };
}
