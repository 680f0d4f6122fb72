import ipaddr from 'ipaddr.js';

/**
 * Which MX addresses the verifier may connect to. A domain's owner chooses its MX records, so
 * without this guard anyone could point a domain at 10.0.0.5 or 127.0.0.1 and use the verifier to
 * probe our internal network (port scans through RCPT timing, banners in the reply text).
 * Only public unicast addresses pass, unless the operator allows private ones
 * (LEADFORGE_SMTP_ALLOW_PRIVATE_MX, for self-hosters whose mail servers are internal) or the
 * work is for a sandbox key, whose mail world lives on loopback.
 */
export interface MxAddressPolicy {
  allowPrivate: boolean;
}

/** Why the address may not be connected to, or null when it may. IPv4-mapped IPv6 is judged as IPv4. */
export function refusedMxAddress(address: string, policy: MxAddressPolicy): string | null {
  if (policy.allowPrivate) return null;
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : `${ip.toString()} is a ${range} address`;
}
