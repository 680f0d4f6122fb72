import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Points this whole process at the sandbox's DNS server, as a machine whose system resolver is that
 * server would be: c-ares (dns.resolve*, which verifiers use for MX records) through setServers,
 * and dns.lookup (getaddrinfo, which net.connect uses to reach an MX host by name) answered from
 * the same server. net reads dns.lookup at each connect, so replacing it here reaches every library.
 */
export function useSandboxDns(server: string): void {
  dns.setServers([server]);
  dns.promises.setServers([server]);
  const lookup = (hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts: LookupOptions =
      typeof options === 'number' ? { family: options } : typeof options === 'object' && options ? options : {};
    const answer = (addresses: LookupAddress[]) => {
      if (opts.all) cb(null, addresses);
      else cb(null, addresses[0]!.address, addresses[0]!.family);
    };
    const family = isIP(hostname);
    if (family !== 0) return answer([{ address: hostname, family }]);
    // As /etc/hosts has it (net.connect's default host, and where a null MX's "." leads some libraries).
    if (hostname === 'localhost' || hostname === '') return answer([{ address: '127.0.0.1', family: 4 }]);
    const name = hostname.replace(/\.$/, '');
    const notFound = () => {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      err.syscall = 'getaddrinfo';
      cb(err, '');
    };
    const v6 = () =>
      dns.resolve6(name, (err6, six) => {
        if (err6 || six.length === 0) return notFound();
        answer(six.map((address) => ({ address, family: 6 })));
      });
    if (opts.family === 6) return v6();
    dns.resolve4(name, (err4, four) => {
      if (err4 || four.length === 0) return opts.family === 4 ? notFound() : v6();
      answer(four.map((address) => ({ address, family: 4 })));
    });
  };
  Object.defineProperty(dns, 'lookup', { value: lookup, writable: true, configurable: true });
}
