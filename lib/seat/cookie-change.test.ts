import { describe, expect, it } from 'vitest';
import { type CookieChangeMeaning, classifyCookieChange, isLinkedInDomain } from './cookie-change.ts';
import { hashSession } from './session.ts';

const change = (name: string, removed: boolean, cause: string, domain = '.linkedin.com') => ({
  removed,
  cause,
  cookie: { name, domain },
});

describe('classifyCookieChange', () => {
  it.each<[string, boolean, string, CookieChangeMeaning]>([
    // A rotation: the removal half is ignored, the insert half is a change.
    ['li_at', true, 'overwrite', 'ignore'],
    ['li_at', false, 'explicit', 'changed'],
    ['JSESSIONID', true, 'overwrite', 'ignore'],
    ['JSESSIONID', false, 'explicit', 'changed'],
    ['li_a', false, 'explicit', 'changed'],
    // Losing li_at any other way is a logout.
    ['li_at', true, 'explicit', 'logged-out'],
    ['li_at', true, 'expired', 'logged-out'],
    ['li_at', true, 'expired_overwrite', 'logged-out'],
    ['li_at', true, 'evicted', 'logged-out'],
    // Losing another session cookie changes the session (a reconnect decides what is left).
    ['li_a', true, 'expired_overwrite', 'changed'],
    // Cookies that are not the session.
    ['bcookie', false, 'explicit', 'ignore'],
    ['lidc', true, 'expired', 'ignore'],
  ])('%s removed=%s cause=%s is %s', (name, removed, cause, meaning) => {
    expect(classifyCookieChange(change(name, removed, cause))).toBe(meaning);
  });

  it('ignores session-named cookies of other sites', () => {
    expect(classifyCookieChange(change('li_at', true, 'explicit', 'evil.test'))).toBe('ignore');
    expect(classifyCookieChange(change('li_at', false, 'explicit', '.linkedin.com.evil.test'))).toBe('ignore');
  });

  it.each(['.linkedin.com', 'linkedin.com', 'www.linkedin.com', 'WWW.LinkedIn.com'])('%s is LinkedIn', (d) => {
    expect(isLinkedInDomain(d)).toBe(true);
  });

  it.each(['notlinkedin.com', 'linkedin.co', 'linkedin.com.evil.test'])('%s is not LinkedIn', (d) => {
    expect(isLinkedInDomain(d)).toBe(false);
  });
});

describe('hashSession', () => {
  const session = { li_at: 'a'.repeat(30), jsessionid: '"ajax:123456"', li_a: 'b'.repeat(10), user_agent: 'UA/1' };

  it('is a SHA-256 that does not contain the values', async () => {
    const hash = await hashSession(session);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await expect(hashSession({ ...session })).resolves.toBe(hash);
  });

  it('changes with any part of the session', async () => {
    const hash = await hashSession(session);
    const { li_a: _, ...withoutLiA } = session;
    for (const other of [{ ...session, li_at: 'c'.repeat(30) }, { ...session, user_agent: 'UA/2' }, withoutLiA]) {
      await expect(hashSession(other)).resolves.not.toBe(hash);
    }
  });
});
