import type { World } from './world/types.ts';

export type DnsRecord =
  | { readonly type: 'A'; readonly address: string }
  | { readonly type: 'MX'; readonly exchange: string; readonly priority: number }
  | { readonly type: 'TXT'; readonly data: string };

/**
 * NOERROR with no records is NODATA (the name exists, not with that type): a resolver reports it
 * as ENODATA, which for MX means "use the implicit MX".
 */
export interface DnsAnswer {
  readonly rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL';
  readonly records: readonly DnsRecord[];
}

const nodata: DnsAnswer = { rcode: 'NOERROR', records: [] };

/** What the sandbox's authoritative DNS answers, read off the world. Pure: dns-server.ts does the wire. */
export class DnsZone {
  /** Names that exist only because names below them do (leadforge.test, google.test …): NODATA. */
  private readonly emptyNonTerminals = new Set<string>();

  constructor(private readonly world: World) {
    const names = [...world.domains.keys(), ...world.hosts.keys()];
    for (const name of names) {
      const labels = name.split('.');
      for (let i = 1; i < labels.length; i++) this.emptyNonTerminals.add(labels.slice(i).join('.'));
    }
  }

  answer(queryName: string, type: string): DnsAnswer {
    const name = queryName.toLowerCase().replace(/\.$/, '');
    if (this.underServfail(name)) return { rcode: 'SERVFAIL', records: [] };
    const domain = this.world.domains.get(name);
    if (domain && domain.behaviour !== 'nxdomain') {
      if (type === 'MX') {
        return {
          rcode: 'NOERROR',
          records: domain.mx.map((m) => ({ type, exchange: m.exchange, priority: m.preference })),
        };
      }
      if (type === 'A') return { rcode: 'NOERROR', records: domain.a.map((address) => ({ type, address })) };
      if (type === 'TXT' && domain.mx.length > 0 && domain.mx[0]?.exchange !== '') {
        return { rcode: 'NOERROR', records: [{ type, data: 'v=spf1 mx ~all' }] };
      }
      return nodata;
    }
    const host = this.world.hosts.get(name);
    if (host) return type === 'A' ? { rcode: 'NOERROR', records: host.map((address) => ({ type, address })) } : nodata;
    if (this.emptyNonTerminals.has(name)) return nodata;
    return { rcode: 'NXDOMAIN', records: [] };
  }

  /** A SERVFAIL domain fails for itself and every name below it, as a broken delegation does. */
  private underServfail(name: string): boolean {
    const labels = name.split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      if (this.world.domains.get(labels.slice(i).join('.'))?.behaviour === 'servfail') return true;
    }
    return false;
  }
}
