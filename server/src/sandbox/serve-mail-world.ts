import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { type MailWorld, type MailWorldOptions, startMailWorld } from './mail-world.ts';
import { MAIL_HOSTS } from './world/mail-hosts.ts';

/** Stable ports for people pointing dig or swaks at the sandbox by hand (programs pass 0). */
export const HUMAN_SMTP_PORT = 2525;
export const HUMAN_DNS_PORT = 5354;

/**
 * Starts the mail world and says where it listens. The CLI's `leadforge sandbox serve` calls this;
 * `node --import tsx server/src/sandbox/serve-mail-world.ts [--seed S] [--companies N]
 * [--dns-port P] [--smtp-port P]` runs it directly.
 */
export async function serveMailWorld(
  options: MailWorldOptions,
  print: (line: string) => void = console.log,
): Promise<MailWorld> {
  const mail = await startMailWorld(options);
  const { world } = mail;
  print(
    `Sandbox mail world, seed "${world.seed}": ${world.companies.length} companies, ${world.people.length} people, ` +
      `${world.domains.size} domains`,
  );
  print(`DNS   ${mail.dnsServer} (UDP and TCP)`);
  print(`SMTP  port ${mail.smtpPort} on ${MAIL_HOSTS.length} hosts:`);
  for (const host of MAIL_HOSTS) print(`        ${host.ip.padEnd(11)} ${host.kind.padEnd(16)} ${host.name}`);
  print(`Latency ${options.latencyMs ?? 0} ms per DNS answer and SMTP reply (LEADFORGE_SANDBOX_LATENCY_MS)`);
  print(`Try:  dig @127.0.0.1 -p ${mail.dnsPort} MX ok.leadforge.test   then   nc 127.1.1.1 ${mail.smtpPort}`);
  print('Fixed domains and addresses: docs/sandbox.md');
  return mail;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      companies: { type: 'string' },
      'dns-port': { type: 'string' },
      'smtp-port': { type: 'string' },
    },
  });
  const config = loadConfig();
  const mail = await serveMailWorld({
    ...(values.seed ? { seed: values.seed } : {}),
    ...(values.companies ? { companies: Number(values.companies) } : {}),
    dnsPort: Number(values['dns-port'] ?? HUMAN_DNS_PORT),
    smtpPort: Number(values['smtp-port'] ?? HUMAN_SMTP_PORT),
    latencyMs: config.sandboxLatencyMs,
  });
  const stop = () => void mail.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
