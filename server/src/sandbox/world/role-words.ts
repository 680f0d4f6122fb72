import { createRequire } from 'node:module';

let roleWords: ReadonlySet<string> | undefined;

/**
 * Whether a local part is on the common role-account list (mixmax's, which verifiers use: info,
 * sales, but also short words such as "per" or "sem"). A person's generated address must never be
 * one, or a verifier would rightly call it a role account and disagree with the ground truth.
 */
export function isRoleWord(local: string): boolean {
  if (!roleWords) {
    const list = createRequire(import.meta.url)('role-based-email-addresses') as string[];
    roleWords = new Set(list.map((w) => w.toLowerCase()));
  }
  return roleWords.has(local.toLowerCase());
}
