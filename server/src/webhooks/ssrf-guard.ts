import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. A webhook URL is chosen by the caller, so without this guard the
 * service could be made to POST into its own network (databases, admin ports, cloud metadata).
 * Every resolved address is checked, at creation and again at delivery, and the connection goes to
 * the address that was checked: no second lookup for a rebinding DNS server to answer differently.
 */
export interface WebhookTargetPolicy {
  /** The operator's testing switch (sandbox keys only): loopback addresses, over http or https. */
  allowLoopback: boolean;
}

export class WebhookTargetRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookTargetRefused';
  }
}

/** The address's range as ipaddr.js names it, IPv4-mapped IPv6 judged as the IPv4 address it hides. */
function rangeOf(address: string): { range: string; shown: string } {
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return { range: ip.range(), shown: ip.toString() };
}

/**
 * Why a resolved address may not receive a webhook sent over `protocol`, or null when it may.
 * Only public unicast addresses pass (loopback too with the switch); over http only loopback does.
 * Private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved, unique-local,
 * NAT64, 6to4 and Teredo ranges are all refused.
 */
export function refusedAddressReason(address: string, protocol: string, policy: WebhookTargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const { range, shown } = rangeOf(address);
  const loopbackAllowed = range === 'loopback' && policy.allowLoopback;
  if (range !== 'unicast' && !loopbackAllowed) return `resolves to a ${range} address (${shown})`;
  if (protocol === 'http:' && !loopbackAllowed) return 'must be an https URL';
  return null;
}

/** The checks that need no network: an https URL (http only with the switch), no credentials, a real host name. */
export function checkWebhookUrlForm(raw: string, policy: WebhookTargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused('is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) {
    throw new WebhookTargetRefused('must be an https URL');
  }
  if (url.username || url.password) throw new WebhookTargetRefused('must not carry a user name or password');
  const host = bareHost(url);
  if (ipaddr.isValid(host)) {
    const reason = refusedAddressReason(host, url.protocol, policy);
    if (reason) throw new WebhookTargetRefused(`host ${reason}`);
  } else if (!host.includes('.') && !(policy.allowLoopback && host === 'localhost')) {
    throw new WebhookTargetRefused('must name a public host');
  }
  return url;
}

export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** A `lookup` for http(s).request that refuses unless every address the host resolves to may be used. */
export function guardedLookup(protocol: string, policy: WebhookTargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as { address: string; family: number }[];
      if (list.length === 0) return callback(new WebhookTargetRefused(`${hostname} has no address`), '', 0);
      for (const a of list) {
        const reason = refusedAddressReason(a.address, protocol, policy);
        if (reason) return callback(new WebhookTargetRefused(`${hostname} ${reason}`), '', 0);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
}

/** The whole check at creation: the form, then every address the host resolves to now. */
export async function checkWebhookUrl(raw: string, policy: WebhookTargetPolicy): Promise<URL> {
  const url = checkWebhookUrlForm(raw, policy);
  const host = bareHost(url);
  if (ipaddr.isValid(host)) return url;
  await new Promise<void>((resolve, reject) =>
    guardedLookup(url.protocol, policy)(host, { all: true }, (err) => {
      if (!err) return resolve();
      reject(err instanceof WebhookTargetRefused ? err : new WebhookTargetRefused(`host ${host} does not resolve`));
    }),
  );
  return url;
}
