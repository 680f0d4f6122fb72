import type { Command } from 'commander';
import { Worlds } from '../../app/worlds.ts';
import { verifyEmails } from '../../verify/index.ts';
import { operatorConfig } from '../operator-config.ts';
import { outcomeOf } from '../verify/outcome.ts';
import { verifyFile } from '../verify/verify-file.ts';
import { print, table } from '../with-app.ts';

interface VerifyOpts {
  json?: boolean;
  sandbox?: boolean;
  file?: string;
  out?: string;
  column?: string;
}

/** `leadforge verify`: the verification engine from the command line, on the real network or the sandbox. */
export function verifyCommand(program: Command): void {
  program
    .command('verify [addresses...]')
    .description('Verify email addresses (real DNS and SMTP by default; --sandbox for the simulated mail world)')
    .option('--json', 'one JSON object per line: email, email_validity, reasons, details')
    .option('--sandbox', 'verify against the sandbox mail world, started in this process')
    .option('--file <in.csv>', 'verify a column of a CSV file (resumes when interrupted)')
    .option('--out <out.csv>', 'with --file: where to write the file with the verdict columns added')
    .option('--column <name>', 'with --file: the column of addresses (default: the one named email)')
    .action(async (addresses: string[], opts: VerifyOpts) => {
      if (opts.file && !opts.out) throw new Error('--file needs --out');
      if (!opts.file && addresses.length === 0) throw new Error('give addresses to verify, or --file and --out');
      const worlds = new Worlds(operatorConfig());
      try {
        const verifier = await worlds.verifier(opts.sandbox ? 'test' : 'live');
        if (opts.file && opts.out) {
          const counts = await verifyFile(verifier, {
            input: opts.file,
            output: opts.out,
            ...(opts.column ? { column: opts.column } : {}),
            log: (line) => process.stderr.write(`${line}\n`),
          });
          const summary = Object.entries(counts).map(([k, n]) => `${k} ${n}`);
          process.stderr.write(`Wrote ${opts.out}: ${summary.join(', ')}\n`);
          return;
        }
        const results = await verifyEmails(addresses, verifier.ports, verifier.options, { state: verifier.state });
        if (opts.json) {
          for (const r of results) {
            print(
              JSON.stringify({ email: r.email, email_validity: r.verdict, reasons: r.reasons, details: r.details }),
            );
          }
          return;
        }
        const rows = results.map((r) => {
          const o = outcomeOf(r);
          return [o.email, o.email_validity, r.reasons.map((x) => x.message).join('; '), o.mx_host, o.smtp_code];
        });
        print(table(['email', 'verdict', 'why', 'mx', 'smtp'], rows));
      } finally {
        await worlds.close();
      }
    });
}
