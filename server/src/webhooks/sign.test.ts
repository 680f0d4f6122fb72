import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signatureHeaders } from './sign.ts';

const body = (pieces: string[]) => ({
  async *chunks() {
    yield* pieces;
  },
});

describe('signatureHeaders over a body in pieces', () => {
  const secretA = `whsec_${Buffer.from('a'.repeat(32)).toString('base64')}`;
  const secretB = `whsec_${Buffer.from('b'.repeat(32)).toString('base64')}`;
  const pieces = ['{"id":"j1","prospects":[', '{"email":"jörg@müller.test"}', ',{"email":"a@b.test"}', ']}'];

  it('signs what standardwebhooks verifies, with each live secret, and counts bytes (not characters)', async () => {
    const { headers, bytes } = await signatureHeaders('msg_1', new Date(), body(pieces), [secretA, secretB]);
    const whole = pieces.join('');
    expect(bytes).toBe(Buffer.byteLength(whole));
    expect(bytes).toBeGreaterThan(whole.length); // ö and ü are two bytes each
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [secretA, secretB])
      expect(new Webhook(secret).verify(whole, headers)).toEqual(JSON.parse(whole));
  });

  it('a body cut differently signs the same; a changed body does not verify', async () => {
    const at = new Date();
    const one = await signatureHeaders('msg_2', at, body([pieces.join('')]), [secretA]);
    const many = await signatureHeaders('msg_2', at, body(pieces.join('').split('')), [secretA]);
    expect(many.headers).toEqual(one.headers);
    const changed = pieces.join('').replace('a@b', 'c@b');
    expect(() => new Webhook(secretA).verify(changed, one.headers)).toThrow();
  });
});
