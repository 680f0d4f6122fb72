import type { Verdict } from '../../../lib/contract/enums.ts';

export type { Verdict };

/** What one verifier said about one address: our verdict class for it, and its own answer in short. */
export interface Answer {
  verdict: Verdict;
  /** The library's own answer, abbreviated (e.g. `validSmtp=null`, `smtp: Mailbox not found.`). */
  said: string;
}

/**
 * An npm email verifier measured by bench:compare. `check` runs in the competitor's own process
 * (competitor-process.ts), given the package as that process loaded it from the vendor folder.
 */
export interface Competitor<Lib = unknown> {
  /** The npm package name, also its id on the command line. */
  name: string;
  version: string;
  /** Monthly downloads when it was chosen (the npm list in /work/.library), to say why it is here. */
  monthlyDownloads: number;
  /** How it is called: the options we set and why. */
  called: string;
  /** It always connects to port 25 (no option): it needs the sandbox's SMTP hosts there. */
  port25Only: boolean;
  /** Its answers and the verdict each maps to, in words, for the README. */
  mapping: readonly string[];
  check(lib: Lib, address: string, smtpPort: number): Promise<Answer>;
}
