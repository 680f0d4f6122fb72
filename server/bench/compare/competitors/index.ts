import type { Competitor } from '../types.ts';
import { deepEmailValidator } from './deep-email-validator.ts';
import { devmehqEmailValidator } from './devmehq-email-validator-js.ts';
import { emailDeepValidator } from './email-deep-validator.ts';
import { emailExistence } from './email-existence.ts';
import { emailVerify } from './email-verify.ts';

/**
 * The five most-downloaded npm verifiers that do an SMTP check and run on Node 20 (email-check, the
 * sixth candidate, is the least used and ends its SMTP lines with a bare LF). Their versions are
 * pinned in ../vendor/package.json.
 */
export const COMPETITORS: readonly Competitor<never>[] = [
  deepEmailValidator,
  emailDeepValidator,
  emailExistence,
  devmehqEmailValidator,
  emailVerify,
] as readonly Competitor<never>[] as never;
