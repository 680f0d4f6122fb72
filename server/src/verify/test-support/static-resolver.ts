import type { AddressAnswer, DnsFailure, MailResolver, MxAnswer, MxRecord } from '../ports.ts';

/** A MailResolver from a table, for tests: names absent from the table are NXDOMAIN. */
export interface StaticZone {
  mx?: MxRecord[] | DnsFailure;
  addresses?: string[] | DnsFailure;
}

export class StaticResolver implements MailResolver {
  readonly asked: string[] = [];

  constructor(private readonly zones: Record<string, StaticZone>) {}

  async mx(domain: string): Promise<MxAnswer> {
    this.asked.push(`mx:${domain}`);
    const zone = this.zones[domain];
    if (!zone) return { kind: 'nxdomain' };
    if (!zone.mx) return { kind: 'nodata' };
    return Array.isArray(zone.mx) ? { kind: 'records', records: zone.mx } : zone.mx;
  }

  async addresses(host: string): Promise<AddressAnswer> {
    this.asked.push(`a:${host}`);
    const zone = this.zones[host];
    if (!zone) return { kind: 'nxdomain' };
    if (!zone.addresses) return { kind: 'nodata' };
    return Array.isArray(zone.addresses) ? { kind: 'records', addresses: zone.addresses } : zone.addresses;
  }
}
