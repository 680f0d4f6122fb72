import { resolve } from 'node:path';
import type { Command } from 'commander';
import pino from 'pino';
import { UrlExtractionCreateInSchema } from '../../../../lib/contract/extractions.ts';
import type { AuthContext } from '../../accounts/accounts.ts';
import type { App } from '../../app/app.ts';
import { createWorker } from '../../app/worker.ts';
import { ApiError } from '../../core/errors.ts';
import type { ExtractionRow } from '../../store/extractions-repo.ts';
import { waitForExtraction, writeCsv } from '../extract/wait.ts';
import { print, withApp } from '../with-app.ts';

interface ExtractOpts {
  name: string;
  account?: string;
  sandbox?: boolean;
  enrich?: string;
  out?: string;
}

/** Which flag stands for which field of the API body, so a refusal names what the user typed. */
const FLAG: Record<string, string> = {
  linkedin_url: 'URL',
  search_name: '--name',
  enrich_email: '--enrich',
};

/**
 * `leadforge extract URL --name …`: a search or list extraction as POST /v1/extractions/url/ makes
 * it, for an account of this service's database, run by a worker in this process (alongside any
 * `serve` on the same database: jobs are claimed, never run twice), then its records as CSV.
 */
export function extractCommand(program: Command): void {
  program
    .command('extract <url>')
    .description("Extract a Sales Navigator search or list through the account's seat, and write its records as CSV")
    .requiredOption('--name <name>', 'the extraction’s name')
    .option('--account <name>', 'the account (default: the only one)')
    .option(
      '--sandbox',
      "act as the account's lf_test_ keys do: sandbox seats, the simulated sales tool and mail world",
    )
    .option(
      '--enrich <none|matching|all>',
      'find and verify emails: none, matching (leads that match the filters) or all',
      'none',
    )
    .option('--out <file.csv>', 'where to write the records (default: the name, as a file name, .csv)')
    .action((url: string, opts: ExtractOpts) =>
      withApp(async (app) => {
        const parsed = UrlExtractionCreateInSchema.safeParse({
          linkedin_url: url,
          search_name: opts.name,
          enrich_email: opts.enrich,
        });
        if (!parsed.success) {
          throw new Error(
            parsed.error.issues.map((i) => `${FLAG[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`).join('; '),
          );
        }
        const auth: AuthContext = {
          accountId: (await pickAccount(app, opts.account)).id,
          keyId: 'cli',
          mode: opts.sandbox ? 'test' : 'live',
        };
        const out = resolve(opts.out ?? `${fileName(parsed.data.search_name)}.csv`);
        const worker = createWorker(app, pino({ level: 'silent' }));
        let interrupted = false;
        const onSignal = () => {
          interrupted = true;
        };
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        try {
          const created = await app.extractions.fromUrl(auth, parsed.data).catch(explain);
          process.stderr.write(`Extraction ${created.extraction_id} accepted.\n`);
          worker.start();
          const row = await waitForExtraction(app, auth.accountId, created.extraction_id, () => interrupted);
          if (interrupted && row.status !== 'EXECUTED' && row.status !== 'FAILED') {
            process.stderr.write(
              `Stopped waiting. The extraction ${row.id} is kept and goes on in the next worker (leadforge serve).\n`,
            );
            process.exitCode = 130;
            return;
          }
          await writeCsv(app, auth.accountId, row.id, out);
          print(outcome(row, out));
          if (row.status !== 'EXECUTED') process.exitCode = row.status === 'PAUSED' ? 3 : 1;
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          await worker.stop();
        }
      }),
    );
}

async function pickAccount(app: App, name: string | undefined): Promise<{ id: string }> {
  if (name) return app.accounts.byName(name);
  const accounts = await app.accounts.list();
  if (accounts.length === 1 && accounts[0]) return accounts[0];
  throw new Error(
    accounts.length === 0
      ? 'there is no account yet: start the service once (leadforge serve) or create one (leadforge accounts create)'
      : `there are ${accounts.length} accounts: say which with --account`,
  );
}

/** An API refusal in words for a terminal: the message, and the fields it names. */
function explain(error: unknown): never {
  if (error instanceof ApiError) {
    const fields = (error.details ?? []).map((d) => {
      const field = d.field.replace(/^body\./, '');
      return `${FLAG[field] ?? field}: ${d.message}`;
    });
    throw new Error([error.message, ...fields].join(' '));
  }
  throw error;
}

/** The extraction's name as a file name: letters, digits and dashes. */
function fileName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'extraction'
  );
}

/** The last line: what happened, where the records are, and what to do next. */
function outcome(row: ExtractionRow, out: string): string {
  const records = `${row.record_count} record${row.record_count === 1 ? '' : 's'}`;
  if (row.status === 'EXECUTED') return `Extracted ${records} to ${out}`;
  const next: Record<string, string> = {
    insufficient_credits: 'the account ran out of credits. Grant more (leadforge credits grant); it resumes by itself',
    auth_error: "the seat's Sales Navigator session expired. Reconnect the seat with the extension",
    quota_exceeded: "the seat's daily limit is reached. Try again tomorrow or connect another seat",
    invalid_urls: 'Sales Navigator could not open the search or list',
  };
  const why = next[row.failure_reason] ?? row.failure_detail ?? 'the job ran out of attempts';
  const state = row.status === 'PAUSED' ? 'Paused' : 'Failed';
  return `${state} (${row.id}): ${why}. ${records} so far written to ${out}`;
}
