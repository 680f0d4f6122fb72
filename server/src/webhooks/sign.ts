import { createHmac } from 'node:crypto';

/** A message body as JSON text in pieces; read once to sign and once more to send. */
export interface WebhookBody {
  chunks(): AsyncIterable<string>;
}

export type SignatureHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };

/**
 * The Standard Webhooks headers for one delivery, and the body's length in bytes. With several
 * live secrets (after a rotation) the signature header carries one `v1,` signature per secret,
 * space-separated, as the scheme allows, and a receiver holding either secret verifies it.
 *
 * The body is read in pieces (a big job's body is never one string): the signature is
 * HMAC-SHA256, keyed with the secret's base64 part, over `<id>.<timestamp>.<body>`, the scheme's
 * computation; the delivery tests verify these signatures with the `standardwebhooks` library.
 */
export async function signatureHeaders(
  messageId: string,
  at: Date,
  body: WebhookBody,
  secrets: string[],
): Promise<{ headers: SignatureHeaders; bytes: number }> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const macs = secrets.map((s) => createHmac('sha256', Buffer.from(s.replace(/^whsec_/, ''), 'base64')));
  for (const mac of macs) mac.update(`${messageId}.${timestamp}.`);
  let bytes = 0;
  for await (const chunk of body.chunks()) {
    bytes += Buffer.byteLength(chunk);
    for (const mac of macs) mac.update(chunk);
  }
  const signature = macs.map((mac) => `v1,${mac.digest('base64')}`).join(' ');
  return {
    headers: { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signature },
    bytes,
  };
}
