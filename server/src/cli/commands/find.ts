import type { Command } from 'commander';
import { EmailFinderInSchema } from '../../../../lib/contract/email-finder.ts';
import { Worlds } from '../../app/worlds.ts';
import { loadConfig } from '../../config/config.ts';
import { newId } from '../../core/ids.ts';
import { findPeople } from '../../email-finder/find-people.ts';
import { FinderKnowledge } from '../../email-finder/knowledge.ts';
import { prospectOutcome } from '../../email-finder/outcome.ts';
import { prospectView } from '../../email-finder/views.ts';
import type { FinderResult } from '../../finder/index.ts';
import { findFile } from '../find/find-file.ts';
import { print, table } from '../with-app.ts';

interface FindOpts {
  first?: string;
  last?: string;
  domain?: string;
  company?: string;
  json?: boolean;
  sandbox?: boolean;
  file?: string;
  out?: string;
}

/**
 * `leadforge find`: the email finder from the command line, on the real network (with the same DNS
 * and SMTP settings as `verify`) or the sandbox. Nothing is stored and no credit is spent: what one
 * run learns (domain patterns) serves only that run.
 */
export function findCommand(program: Command): void {
  program
    .command('find')
    .description(
      "Find a person's email address from their name and company (real DNS and SMTP; --sandbox for the simulated mail world)",
    )
    .option('--first <name>', 'first name')
    .option('--last <name>', 'last name')
    .option('--domain <domain>', "the company's domain, e.g. acme.com")
    .option('--company <name>', 'the company\'s name, e.g. "Acme Inc" (its domain is looked up)')
    .option(
      '--json',
      'one JSON object per line: the API prospect result (found_email, email_validity, status, error_message …)',
    )
    .option('--sandbox', 'search the sandbox mail world, started in this process')
    .option(
      '--file <people.csv>',
      'find everyone of a CSV file with columns first_name,last_name,company_name,company_domain',
    )
    .option('--out <found.csv>', 'with --file: where to write the file with the result columns added')
    .action(async (opts: FindOpts) => {
      if (opts.file && !opts.out) throw new Error('--file needs --out');
      const mode = opts.sandbox ? 'test' : 'live';
      let person: ReturnType<typeof EmailFinderInSchema.parse> | null = null;
      if (!opts.file) {
        const missing = (['first', 'last'] as const).filter((k) => !opts[k]?.trim()).map((k) => `--${k}`);
        if (missing.length > 0)
          throw new Error(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`);
        const parsed = EmailFinderInSchema.safeParse({
          first_name: opts.first ?? '',
          last_name: opts.last ?? '',
          company_name: opts.company ?? null,
          company_domain: opts.domain ?? null,
        });
        if (!parsed.success) {
          const flag: Record<string, string> = {
            first_name: '--first',
            last_name: '--last',
            company_domain: '--domain',
            company_name: '--company',
          };
          const why = parsed.error.issues.map((i) => {
            const field = String(i.path[0] ?? '');
            return field ? `${flag[field] ?? field}: ${i.message}` : 'give --domain or --company (or both)';
          });
          throw new Error(why.join('; '));
        }
        person = parsed.data;
      }
      const worlds = new Worlds(loadConfig());
      try {
        const verifier = await worlds.verifier(mode);
        if (opts.file && opts.out) {
          const counts = await findFile(verifier, {
            input: opts.file,
            output: opts.out,
            mode,
            log: (line) => process.stderr.write(`${line}\n`),
          });
          const summary = Object.entries(counts).map(([k, n]) => `${k} ${n}`);
          process.stderr.write(`Wrote ${opts.out}: ${summary.join(', ')}\n`);
          return;
        }
        if (!person) return;
        let found: FinderResult | Error = new Error('the lookup did not run');
        const input = {
          ref: 0,
          firstName: person.first_name,
          lastName: person.last_name,
          companyName: person.company_name || null,
          companyDomain: person.company_domain || null,
        };
        await findPeople([input], {
          verifier,
          mode,
          knowledge: new FinderKnowledge(),
          onResult: (_p, result) => {
            found = result;
          },
        });
        const view = prospectView({
          id: newId(),
          first_name: input.firstName,
          last_name: input.lastName,
          company_name: input.companyName,
          company_domain: input.companyDomain,
          ...prospectOutcome(found),
        });
        if (opts.json) {
          print(JSON.stringify(view));
          return;
        }
        const result = found as FinderResult | Error;
        const tried = result instanceof Error ? '' : String(result.tried.length);
        print(
          table(
            ['name', 'email', 'verdict', 'why', 'asked'],
            [
              [
                view.full_name,
                view.found_email,
                view.email_validity,
                view.error_message ?? (result instanceof Error ? '' : result.reason),
                tried,
              ],
            ],
          ),
        );
      } finally {
        await worlds.close();
      }
    });
}
