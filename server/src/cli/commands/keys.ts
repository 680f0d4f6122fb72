import type { Command } from 'commander';
import { isoZ } from '../../core/clock.ts';
import { listApiKeys } from '../../store/accounts-repo.ts';
import { print, table, withApp } from '../with-app.ts';

export function keysCommands(program: Command): void {
  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key; it is printed once and stored only as a hash')
    .requiredOption('--account <name>', 'the account the key belongs to')
    .option('--test', 'a sandbox key (lf_test_…), the default')
    .option('--live', 'a live key (lf_live_…)')
    .action((opts: { account: string; test?: boolean; live?: boolean }) =>
      withApp(async (app) => {
        if (opts.test && opts.live) throw new Error('choose one of --test or --live');
        const account = await app.accounts.byName(opts.account);
        const { key } = await app.accounts.createKey(account.id, opts.live ? 'live' : 'test');
        print(key);
        process.stderr.write('Keep this key now: it is not shown again.\n');
      }),
    );
  keys
    .command('list')
    .description("List an account's keys (their prefixes only)")
    .requiredOption('--account <name>', 'the account')
    .action((opts: { account: string }) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const rows = (await listApiKeys(app.store.db, account.id)).map((k) => [
          k.id,
          `${k.prefix}…`,
          k.kind,
          isoZ(k.created_at),
          k.revoked_at ? isoZ(k.revoked_at) : null,
        ]);
        print(table(['ID', 'KEY', 'KIND', 'CREATED', 'REVOKED'], rows));
      }),
    );
}
