import type { VerifierOptions } from './options.ts';
import type { VerifierPorts } from './ports.ts';
import { type BulkRun, verifyEmails } from './scheduler.ts';
import type { VerificationResult } from './types.ts';

/**
 * One address end to end, stage by stage: syntax → lists → domain (MX) → SMTP → classify.
 * `verifyEmail` is the scheduler run on a single address, so one address and a bulk list go
 * through the same code (greylist retries and the duration bound included).
 */
export function verifyEmail(
  address: string,
  ports: VerifierPorts,
  options: VerifierOptions,
  run: BulkRun = {},
): Promise<VerificationResult> {
  return verifyEmails([address], ports, options, run).then((results) => results[0] as VerificationResult);
}
