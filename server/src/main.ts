import { buildCli } from './cli/cli.ts';
import { ConfigError } from './config/config.ts';

/** Entry point of the `leadforge` command: hands argv to the CLI and turns failures into exit codes. */
export async function main(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`leadforge: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
