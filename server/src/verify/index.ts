/**
 * The email verification engine (architecture.md, principle 2): stages, rules and classifier,
 * doing I/O only through the ports given to it. Shells (service, jobs, CLI) use this module only.
 */
export { classify } from './classify.ts';
export { NodeMailResolver } from './dns/node-resolver.ts';
export { isFreeProvider, LIST_SOURCES } from './lists.ts';
export { createVerifierState, type VerifierOptions, type VerifierState, verifierOptions } from './options.ts';
export { verifyEmail } from './pipeline.ts';
export type { MailResolver, SmtpDialer, Timers, VerifierPorts } from './ports.ts';
export { REPLY_RULES, readReply } from './rules.ts';
export { type BulkRun, verifyEmails } from './scheduler.ts';
export { optionsFor, portsFor, type VerifyWorld } from './settings.ts';
export { NetSmtpDialer } from './smtp/dialer.ts';
export { systemTimers } from './timers.ts';
export type { Reason, Verdict, VerificationDetails, VerificationResult } from './types.ts';
