import { Command } from 'commander';
import { accountsCommands } from './commands/accounts.ts';
import { creditsCommands } from './commands/credits.ts';
import { extractCommand } from './commands/extract.ts';
import { findCommand } from './commands/find.ts';
import { keysCommands } from './commands/keys.ts';
import { migrateCommand } from './commands/migrate.ts';
import { openapiCommand } from './commands/openapi.ts';
import { sandboxCommands } from './commands/sandbox.ts';
import { seatsCommands } from './commands/seats.ts';
import { serveCommand } from './commands/serve.ts';
import { verifyCommand } from './commands/verify.ts';
import { webhooksCommands } from './commands/webhooks.ts';

export function buildCli(): Command {
  const program = new Command('leadforge')
    .description('Leadforge companion service: the /v1 API, its workers and their administration')
    .showHelpAfterError();
  serveCommand(program);
  migrateCommand(program);
  accountsCommands(program);
  keysCommands(program);
  creditsCommands(program);
  seatsCommands(program);
  webhooksCommands(program);
  verifyCommand(program);
  findCommand(program);
  extractCommand(program);
  sandboxCommands(program);
  openapiCommand(program);
  return program;
}
