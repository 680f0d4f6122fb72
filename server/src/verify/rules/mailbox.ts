import { code, enhanced, PERMANENT, REACHER, REACHER_NO_CODE, type ReplyRule, TEMPORARY, text } from './match.ts';

/**
 * After every refusal aimed at us has had its chance (ours.ts): the mailbox does not exist, then
 * the fallbacks by code class. Texts taken from reacher's list, less the ones that are also used
 * for policy refusals ("address rejected", "recipient rejected", "mailbox unavailable",
 * "undeliverable"), which would make blocked addresses look invalid.
 */
const UNKNOWN_MAILBOX =
  /does not exist|dosn't exist|user unknown|unknown user|recipient unknown|unknown recipient|no such (user|mailbox|recipient|person)|mailbox not found|invalid (recipient|mailbox|address|email address)|recipient invalid|not a valid mailbox|no mailbox|mailbox \S+ unknown|unknown local part|could not be found|recipient not found|recipient is not exist|(doesn.t|does not) have an account|unrouteable address|address is not handled|utilisateur inconnu/i;

export const MAILBOX_RULES: readonly ReplyRule[] = [
  {
    id: 'unknown-mailbox-text',
    outcome: 'mailbox_unknown',
    matches: (r) => PERMANENT(r) && text(UNKNOWN_MAILBOX)(r),
    fixtures: [
      {
        reply:
          "550-5.1.1 The email account that you tried to reach does not exist. Please try\r\n550-5.1.1 double-checking the recipient's email address for typos or\r\n550-5.1.1 unnecessary spaces. Learn more at\r\n550 5.1.1  https://support.google.com/mail/?p=NoSuchUser - gsmtp",
        source: 'Gmail p=NoSuchUser; reacher debugging transcript (line wrapping as Gmail sends it [memory])',
      },
      {
        reply: '550 5.1.1 <jane@example.com>: Recipient address rejected: User unknown in virtual alias table',
        source: `${REACHER} (Postfix)`,
      },
      { reply: '550 No such user here', source: REACHER },
      { reply: '554 Unknown Recipient (#5.1.1)', source: `${REACHER} (on @parkwayhonda.com)` },
      { reply: '550 5.1.1 MXIN501 mailbox jane@example.com unknown', source: `${REACHER} (Virgin Media)` },
      { reply: '550 Invalid Recipient', source: 'Mimecast SMTP error code list' },
      { reply: '550 5.1.1 Sorry, no mailbox here by that name', source: REACHER },
      { reply: '550 Callout verification failed: 550 No Such User Here', source: `${REACHER_NO_CODE} (Exim callout)` },
    ],
  },
  {
    id: 'enhanced-bad-mailbox',
    outcome: 'mailbox_unknown',
    matches: enhanced(/^5\.1\.1$/),
    fixtures: [
      {
        reply: '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found',
        source: 'Microsoft Exchange NDR code for an unknown recipient [memory]',
      },
    ],
  },
  {
    id: 'enhanced-bad-destination-system',
    outcome: 'mailbox_unknown',
    matches: enhanced(/^5\.1\.2$/),
    fixtures: [{ reply: '550 5.1.2 Bad destination system address', source: 'RFC 3463 §3.2 X.1.2 title' }],
  },
  {
    id: 'service-closing',
    outcome: 'service_closing',
    matches: code(/^421$/),
    fixtures: [
      {
        reply: '421 mx.example.com Service not available, closing transmission channel',
        source: 'RFC 5321 §4.2.3 reply text',
      },
    ],
  },
  {
    id: 'command-not-understood',
    outcome: 'protocol_error',
    matches: code(/^50[0-4]$/),
    fixtures: [{ reply: '503 5.5.1 Error: need MAIL command', source: 'Postfix smtpd [memory]' }],
  },
  {
    id: 'other-temporary',
    outcome: 'temporary',
    matches: TEMPORARY,
    fixtures: [{ reply: '451 4.4.4 Temporary server error', source: 'Exchange Online Protection; reacher #1334' }],
  },
  {
    id: 'other-permanent',
    outcome: 'rejected_other',
    matches: PERMANENT,
    fixtures: [
      {
        reply: '550 Requested action not taken: mailbox unavailable',
        source: `${REACHER} lists it as invalid; RFC 5321 §4.2.3 gives it for policy refusals too`,
      },
    ],
  },
];
