/**
 * What the sandbox's SMTP servers say, copied from real servers (verification.md §1.8): Gmail's
 * multi-line 550-5.1.1, Postfix's "User unknown in virtual mailbox table", Microsoft's 5.4.1
 * "Access denied. AS(201806281)" (which is NOT a block of the verifier: the recipient is not in
 * the tenant's directory), Spamhaus blocks, postgrey, 452 4.5.3. A verifier's rule table must read
 * these as it would read the real ones.
 */

/** One SMTP reply: its code and the text of each line (enhanced status code included). */
export interface Reply {
  readonly code: number;
  readonly lines: readonly string[];
}

export const reply = (code: number, ...lines: string[]): Reply => ({ code, lines });

/** "550-first\r\n550 last\r\n": continuation lines use '-', the last one a space (RFC 5321 §4.2.1). */
export function formatReply(r: Reply): string {
  const lines = r.lines.length > 0 ? r.lines : [''];
  return lines.map((line, i) => `${r.code}${i < lines.length - 1 ? '-' : ' '}${line}\r\n`).join('');
}

export type TextStyle = 'google' | 'postfix' | 'microsoft' | 'outlook';

export interface StyleTexts {
  greeting(host: string, date: string): Reply;
  ehloFirstLine(host: string, clientIp: string): string;
  mailOk: Reply;
  rcptOk: Reply;
  unknown(address: string, host: string): Reply;
  disabled(address: string): Reply;
  full(address: string): Reply;
  tooManyRecipients(host: string): Reply;
  relayDenied(address: string): Reply;
}

const GOOGLE: StyleTexts = {
  greeting: (host) => reply(220, `${host} ESMTP sandbox - gsmtp`),
  ehloFirstLine: (host, ip) => `${host} at your service, [${ip}]`,
  mailOk: reply(250, '2.1.0 OK sandbox - gsmtp'),
  rcptOk: reply(250, '2.1.5 OK sandbox - gsmtp'),
  unknown: () =>
    reply(
      550,
      '5.1.1 The email account that you tried to reach does not exist. Please try',
      "5.1.1 double-checking the recipient's email address for typos or",
      '5.1.1 unnecessary spaces. For more information, go to',
      '5.1.1  https://support.google.com/mail/?p=NoSuchUser sandbox - gsmtp',
    ),
  disabled: () =>
    reply(
      550,
      '5.2.1 The email account that you tried to reach is disabled. For more',
      '5.2.1 information, go to',
      '5.2.1  https://support.google.com/mail/?p=DisabledUser sandbox - gsmtp',
    ),
  full: () =>
    reply(
      552,
      "5.2.2 The recipient's inbox is out of storage space. Please direct the",
      '5.2.2 recipient to',
      '5.2.2  https://support.google.com/mail/?p=OverQuotaPerm sandbox - gsmtp',
    ),
  tooManyRecipients: () => reply(452, '4.5.3 Your message has too many recipients. sandbox - gsmtp'),
  relayDenied: () => reply(550, '5.7.1 Relaying denied. sandbox - gsmtp'),
};

const POSTFIX: StyleTexts = {
  greeting: (host) => reply(220, `${host} ESMTP Postfix`),
  ehloFirstLine: (host) => host,
  mailOk: reply(250, '2.1.0 Ok'),
  rcptOk: reply(250, '2.1.5 Ok'),
  unknown: (a) => reply(550, `5.1.1 <${a}>: Recipient address rejected: User unknown in virtual mailbox table`),
  disabled: (a) => reply(550, `5.2.1 <${a}>: Recipient address rejected: Mailbox disabled, account inactive`),
  full: (a) => reply(552, `5.2.2 <${a}>: Quota exceeded (mailbox for user is full)`),
  tooManyRecipients: () => reply(452, '4.5.3 Error: too many recipients'),
  relayDenied: (a) => reply(554, `5.7.1 <${a}>: Relay access denied`),
};

const MICROSOFT: StyleTexts = {
  greeting: (host, date) => reply(220, `${host} Microsoft ESMTP MAIL Service ready at ${date}`),
  ehloFirstLine: (host, ip) => `${host} Hello [${ip}]`,
  mailOk: reply(250, '2.1.0 Sender OK'),
  rcptOk: reply(250, '2.1.5 Recipient OK'),
  unknown: (_a, host) => reply(550, `5.4.1 Recipient address rejected: Access denied. AS(201806281) [${host}]`),
  disabled: () => reply(550, '5.2.1 Mailbox cannot be accessed: the mailbox is disabled'),
  full: () => reply(552, "5.2.2 Mailbox full: the recipient's mailbox is over its storage limit"),
  tooManyRecipients: (host) => reply(452, `4.5.3 Too many recipients (AS780090) [${host}]`),
  relayDenied: (_a) => reply(550, '5.7.64 TenantAttribution; Relay Access Denied'),
};

const OUTLOOK: StyleTexts = {
  ...MICROSOFT,
  unknown: (_a, host) => reply(550, `5.5.0 Requested action not taken: mailbox unavailable (S2017062302). [${host}]`),
};

export const STYLE_TEXTS: Readonly<Record<TextStyle, StyleTexts>> = {
  google: GOOGLE,
  postfix: POSTFIX,
  microsoft: MICROSOFT,
  outlook: OUTLOOK,
};

/** Texts of the behaviours that do not depend on the server's style. */
export const TEXTS = {
  greylisted: (a: string, domain: string) =>
    reply(
      450,
      `4.2.0 <${a}>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/${domain}.html`,
    ),
  greylistedForever: reply(451, '4.7.1 Greylisted, please try again later'),
  spamhaus: (ip: string) =>
    reply(
      554,
      `5.7.1 Service unavailable; Client host [${ip}] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/${ip}`,
    ),
  blockListedGreeting: (host: string) =>
    reply(554, `${host} Nemesis ESMTP Service not available`, 'No SMTP service', 'IP address is block listed.'),
  busy: reply(421, '4.3.2 Service not available, closing transmission channel'),
  tlsRequired: reply(530, '5.7.0 Must issue a STARTTLS command first'),
  smtputf8Required: (a: string) => reply(553, `5.6.7 <${a}>: SMTPUTF8 is required for a non-ASCII address`),
  pregreet: reply(554, '5.5.1 Error: SMTP protocol violation: client talked before the greeting'),
  idle: reply(421, '4.4.2 Error: timeout exceeded'),
  tooManyErrors: reply(421, '4.7.0 Error: too many errors'),
} as const;
