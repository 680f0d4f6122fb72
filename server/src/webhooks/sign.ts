import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks headers for one delivery. With several live secrets (after a rotation)
 * the signature header carries one `v1,` signature per secret, space-separated, as the scheme
 * allows, and a receiver holding either secret verifies it.
 */
export function signatureHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: string[],
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' '),
  };
}
