import type { Command } from 'commander';
import { isoZ } from '../../core/clock.ts';
import { print, withApp } from '../with-app.ts';

export function webhooksCommands(program: Command): void {
  const webhooks = program.command('webhooks').description('Webhook signing secrets');
  webhooks
    .command('secret')
    .description("Show an account's webhook signing secret, or rotate it (the old one signs for 24 h more)")
    .requiredOption('--account <name>', 'the account')
    .option('--rotate', 'make a new secret')
    .action((opts: { account: string; rotate?: boolean }) =>
      withApp(async (app) => {
        const account = await app.accounts.byName(opts.account);
        const secret = opts.rotate
          ? await app.webhookSecrets.rotate(account.id)
          : await app.webhookSecrets.current(account.id);
        print(secret.secret);
        if (opts.rotate) {
          const previous = (await app.webhookSecrets.signing(account.id)).find((s) => s.expiresAt !== null);
          if (previous?.expiresAt) {
            process.stderr.write(`The previous secret keeps signing deliveries until ${isoZ(previous.expiresAt)}.\n`);
          }
        }
      }),
    );
}
