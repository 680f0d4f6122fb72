import {
  all,
  any,
  code,
  enhanced,
  PERMANENT,
  REACHER,
  REACHER_NO_CODE,
  type ReplyRule,
  TEMPORARY,
  text,
} from './match.ts';

/** Acceptance, provider-specific texts, and every refusal aimed at us rather than at the mailbox. */
export const FIRST_RULES: readonly ReplyRule[] = [
  {
    id: 'accepted',
    outcome: 'accepted',
    matches: code(/^25[01]$/), // RFC 5321 §4.2: RCPT succeeds with 250 and 251 only
    fixtures: [
      { reply: '250 2.1.5 OK', source: 'Gmail RCPT, reacher docs/self-hosting/debugging-reacher.md transcript' },
      { reply: '250 2.1.5 Recipient OK', source: 'Microsoft 365 edge without DBEB, reacher issue #1185' },
    ],
  },
  {
    id: 'gmail-receiving-rate',
    outcome: 'mailbox_busy',
    matches: all(TEMPORARY, text(/receiving mail at a rate/i)),
    fixtures: [
      {
        reply:
          '450-4.2.1 The user you are trying to contact is receiving mail at a rate that\r\n' +
          '450 4.2.1 prevents additional messages from being delivered.',
        source: 'Gmail p=ReceivingRate; verification.md §1.8 (line breaks as Gmail wraps them [memory])',
      },
    ],
  },
  {
    id: 'm365-dbeb-unknown',
    outcome: 'mailbox_unknown',
    matches: all(PERMANENT, text(/AS\(201806281\)/)),
    fixtures: [
      {
        reply: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)',
        source: 'Exchange Online Directory-Based Edge Blocking; verification.md §1.8 (suped.com)',
      },
    ],
  },
  {
    id: 'outlook-consumer-unknown',
    outcome: 'mailbox_unknown',
    matches: all(PERMANENT, text(/S2017062302/)),
    fixtures: [
      {
        reply: '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302)',
        source: 'outlook.com consumer MX; MicrosoftDocs/OfficeDocs-Exchange#2836',
      },
    ],
  },
  {
    id: 'tls-required',
    outcome: 'tls_required',
    matches: text(/TLS required|must issue a STARTTLS|STARTTLS first|encryption required/i),
    fixtures: [
      {
        reply: '421 4.7.0 TLS required for RCPT domain, closing connection',
        source: 'support.google.com/a/answer/3726730',
      },
      {
        reply: '530 5.7.0 Must issue a STARTTLS command first',
        source: 'Barracuda SMTP code list (campus.barracuda.com)',
      },
    ],
  },
  {
    id: 'too-many-recipients',
    outcome: 'too_many_recipients',
    matches: text(/too many recipients/i),
    fixtures: [
      { reply: '452 4.5.3 Too many recipients (AS780090)', source: 'Exchange Online; reacher #569, AfterShip #72' },
    ],
  },
  {
    id: 'reverse-dns',
    outcome: 'rdns_required',
    matches: any(enhanced(/^[45]\.7\.25$/), text(/cannot find your (reverse )?hostname|reverse dns entry/i)),
    fixtures: [
      { reply: '450 4.7.25 Client host rejected: cannot find your hostname, [147.75.45.223]', source: REACHER_NO_CODE },
      {
        reply: '550 5.7.1 Client host rejected: cannot find your reverse hostname, [23.129.64.184]',
        source: REACHER_NO_CODE,
      },
      {
        reply:
          '450 You dont seem to have a reverse dns entry. Come back later. You are greylisted for 20 minutes. See http://www.fsf.org/about/systems/greylisting',
        source: REACHER_NO_CODE,
      },
    ],
  },
  {
    id: 'ip-block-listed',
    outcome: 'blocked',
    matches: text(/black ?list|block ?list|dnsbls?\b(?!-)|spamhaus|spamcop|abusix|barracudacentral|in an RBL/i),
    fixtures: [
      {
        reply: '550 5.7.1 Service unavailable, Client host [23.129.64.184] blocked using Spamhaus.',
        source: REACHER_NO_CODE,
      },
      {
        reply:
          '554-gmx.net (mxgmx117) Nemesis ESMTP Service not available\r\n554-No SMTP service\r\n' +
          '554-IP address is block listed.\r\n554 For explanation visit https://www.gmx.net/mail/senderguidelines?c=bl',
        source: `${REACHER_NO_CODE} (its test case, GMX/web.de)`,
      },
      {
        reply:
          '554 resimta-h1p-037598.sys.comcast.net 5.135.185.166 found on one or more DNSBLs, see http://postmaster.comcast.net/smtp-error-codes.php#BL000001',
        source: REACHER_NO_CODE,
      },
      {
        reply: '550 Rejected because 23.129.64.213 is in a black list at b.barracudacentral.org',
        source: REACHER_NO_CODE,
      },
    ],
  },
  {
    id: 'ip-reputation',
    outcome: 'blocked',
    matches: text(
      /reputation|SBRS score too low|banned sending IP|unsolicited mail originating from your IP|administratively denied|connection rejected by policy|not yet authorized to deliver/i,
    ),
    fixtures: [
      {
        reply:
          '550 5.7.0 Mail from 18.234.87.196 refused by Proofpoint Reputation Services. SENDER please see and take action: https://support.proofpoint.com/dnsbl-lookup.cgi?18.234.87.196',
        source: REACHER,
      },
      { reply: '550 5.7.606 Access denied, banned sending IP [23.129.64.216]', source: REACHER_NO_CODE },
      {
        reply: '550 csi.mimecast.org Poor Reputation Sender. - https://community.mimecast.com/docs/DOC-1369#550',
        source: REACHER_NO_CODE,
      },
      { reply: '554 smtp-fw-9107.amazon.com; SBRS score too low: http://www.senderbase.org/', source: REACHER_NO_CODE },
      {
        reply: '554 Service unavailable; Client host [203.0.113.7] blocked using Barracuda Reputation',
        source: 'Barracuda ESS (campus.barracuda.com); verification.md §1.8',
      },
      {
        reply:
          '421 4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
        source: 'Gmail; verification.md §1.8 (wording of support.google.com/mail/answer/81126 [memory])',
      },
    ],
  },
  {
    id: 'spam-or-blocked',
    outcome: 'blocked',
    matches: text(/\bblocked\b|\bbanned\b|\bspam\b|junkmail/i),
    fixtures: [
      {
        reply: '550 5.7.1 Email cannot be delivered. Reason: Email detected as Spam by spam filters.',
        source: REACHER_NO_CODE,
      },
      { reply: '554 Blocked - see https://ipcheck.proofpoint.com/?ip=23.129.64.192', source: REACHER_NO_CODE },
    ],
  },
  {
    id: 'relay-denied',
    outcome: 'relay_denied',
    matches: text(/relay access denied|relaying denied|relay not permitted|not permitted to relay|unable to relay/i),
    fixtures: [
      { reply: '454 4.7.1 <jane@example.com>: Relay access denied', source: REACHER_NO_CODE },
      { reply: '550 5.7.1 Relaying denied. IP name possibly forged [45.154.35.252]', source: REACHER_NO_CODE },
    ],
  },
  {
    id: 'client-host-rejected',
    outcome: 'policy',
    matches: text(/client host rejected/i),
    fixtures: [
      {
        reply: '554 5.7.1 <mta.voipdir.net[]>: Client host rejected: Access denied',
        source: `${REACHER} (its test: not invalid)`,
      },
    ],
  },
  {
    id: 'greylisted',
    outcome: 'greylisted',
    matches: all(TEMPORARY, text(/gr[ae]y-?list/i)),
    fixtures: [
      {
        reply:
          '450 4.2.0 <jane@example.com>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.com.html',
        source: 'Postfix + postgrey; eleith/emailjs#202',
      },
    ],
  },
  {
    id: 'mimecast-greylist',
    outcome: 'greylisted',
    matches: all(TEMPORARY, text(/internal resource temporarily unavailable/i)),
    fixtures: [{ reply: '451 Internal resource temporarily unavailable', source: 'Mimecast SMTP error code list' }],
  },
  {
    id: 'mailbox-full',
    outcome: 'mailbox_full',
    matches: any(
      enhanced(/^[45]\.2\.2$/),
      text(/over quota|quota exceeded|quote exceeded|mailbox (is )?full|out of storage space|too many messages/i),
    ),
    fixtures: [
      {
        reply: '452 4.2.2 The email account that you tried to reach is over quota.',
        source: 'Gmail p=OverQuotaTemp; verification.md §1.8',
      },
      { reply: '550 user has too many messages on the server', source: REACHER_NO_CODE },
    ],
  },
  {
    id: 'mailbox-disabled',
    outcome: 'mailbox_disabled',
    matches: all(PERMANENT, any(enhanced(/^5\.2\.1$/), text(/disabled|discontinued|inactive|deactivated/i))),
    fixtures: [
      {
        reply:
          '554 The email account that you tried to reach is disabled. Learn more at https://support.google.com/mail/?p=DisabledUser',
        source: REACHER_NO_CODE,
      },
      { reply: '550 5.2.1 RACT MY.IP: Mailbox is inactive: <USER@hanmail.net>', source: `${REACHER} (hanmail.net)` },
    ],
  },
  {
    id: 'null-mx',
    outcome: 'null_mx',
    matches: any(code(/^556$/), enhanced(/^5\.1\.10$/)),
    fixtures: [{ reply: '556 5.1.10 Recipient address has null MX', source: 'RFC 7505 §4.2 (code and enhanced code)' }],
  },
  {
    id: 'security-policy',
    outcome: 'policy',
    matches: enhanced(/^[45]\.7\.\d+$/),
    fixtures: [
      {
        reply: '554 5.7.1 <jane@example.com>: Recipient address rejected: Access denied',
        source: 'verification.md §1.8: reacher reads this as invalid; it is a policy refusal',
      },
    ],
  },
];
