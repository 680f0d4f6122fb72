import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import { migrateToLatest } from '../../store/migrate.ts';
import { openStore } from '../../store/store.ts';
import { print } from '../with-app.ts';

export function migrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Bring the database schema up to date (serve does this too at start)')
    .action(async () => {
      const config = loadConfig();
      const store = openStore(config.database);
      try {
        const { applied } = await migrateToLatest(store);
        print(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
      } finally {
        await store.close();
      }
    });
}
