import { type Config, loadConfig } from '../config/config.ts';

/**
 * The configuration of a command the operator runs on their own machine (`verify`, `find`). The
 * private-MX guard exists because API callers choose the domains a service verifies and could aim
 * it at our internal network; at the command line the operator is the caller, and mail servers on
 * a private network or on loopback are theirs to check. So the CLI reaches private MX hosts unless
 * LEADFORGE_SMTP_ALLOW_PRIVATE_MX says otherwise.
 */
export function operatorConfig(env: Record<string, string | undefined> = process.env): Config {
  return loadConfig({ ...env, LEADFORGE_SMTP_ALLOW_PRIVATE_MX: env.LEADFORGE_SMTP_ALLOW_PRIVATE_MX ?? 'true' });
}
