import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { isoZ } from '../../core/clock.ts';
import { listEntries } from '../../store/credit-ledger-repo.ts';
import { positiveInt, print, table, withApp } from '../with-app.ts';

interface AmountOpts {
  account: string;
  key?: string;
  memo?: string;
}

export function creditsCommands(program: Command): void {
  const credits = program.command('credits').description("Manage an account's credits");
  credits
    .command('grant <amount>')
    .description('Add credits to an account')
    .requiredOption('--account <name>', 'the account')
    .option('--key <idempotency-key>', 'repeat-safe key: a second grant with the same key adds nothing')
    .option('--memo <text>', 'why the credits were granted')
    .action((amount: string, opts: AmountOpts) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const entry = await app.credits.grant(
          account.id,
          positiveInt(amount),
          opts.key ?? `cli-grant-${randomUUID()}`,
          opts.memo,
        );
        print(`Granted ${entry.amount} credits to ${account.name}; available now ${entry.available_after}.`);
      }),
    );
  credits
    .command('debit <amount>')
    .description('Take credits from an account (refused when the balance does not cover it)')
    .requiredOption('--account <name>', 'the account')
    .option('--key <idempotency-key>', 'repeat-safe key: a second debit with the same key takes nothing')
    .option('--memo <text>', 'why')
    .action((amount: string, opts: AmountOpts) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const entry = await app.credits.debit(
          account.id,
          positiveInt(amount),
          opts.key ?? `cli-debit-${randomUUID()}`,
          opts.memo,
        );
        print(`Debited ${entry.amount} credits from ${account.name}; available now ${entry.available_after}.`);
      }),
    );
  credits
    .command('balance')
    .description("Show an account's balance")
    .requiredOption('--account <name>', 'the account')
    .action((opts: { account: string }) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const b = await app.credits.balance(account.id);
        print(`${account.name}: ${b.available} available, ${b.held} held`);
      }),
    );
  credits
    .command('ledger')
    .description("Show an account's newest ledger entries")
    .requiredOption('--account <name>', 'the account')
    .option('--limit <n>', 'how many entries', '50')
    .action((opts: { account: string; limit: string }) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const rows = (await listEntries(app.store.db, account.id, positiveInt(opts.limit))).map((e) => [
          e.seq,
          e.kind,
          e.amount,
          e.available_after,
          e.held_after,
          isoZ(e.created_at),
          e.memo,
        ]);
        print(table(['SEQ', 'KIND', 'AMOUNT', 'AVAILABLE', 'HELD', 'AT', 'MEMO'], rows));
      }),
    );
}
