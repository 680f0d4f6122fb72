import type { Command } from 'commander';
import { isoZ } from '../../core/clock.ts';
import { print, table, withApp } from '../with-app.ts';

export function accountsCommands(program: Command): void {
  const accounts = program.command('accounts').description('Manage accounts (named by their unique name)');
  accounts
    .command('create <name>')
    .description('Create an account')
    .action((name: string) =>
      withApp(async (app) => {
        const account = await app.accounts.create(name);
        print(`Created account ${account.name} (${account.id}).`);
        print(`Next: leadforge keys create --account ${account.name} --test`);
      }),
    );
  accounts
    .command('list')
    .description('List accounts with their credit balance')
    .action(() =>
      withApp(async (app) => {
        const rows = [];
        for (const a of await app.accounts.list()) {
          const b = await app.credits.balance(a.id);
          rows.push([a.name, a.id, b.available, b.held, isoZ(a.created_at)]);
        }
        print(table(['NAME', 'ID', 'CREDITS', 'HELD', 'CREATED'], rows));
      }),
    );
}
