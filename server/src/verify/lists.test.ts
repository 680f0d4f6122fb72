import { describe, expect, it } from 'vitest';
import { isDisposableDomain, isFreeProvider, isRoleAccount, LIST_SOURCES } from './lists.ts';
import { editDistance, suggestDomain } from './typo.ts';

describe('lists', () => {
  it('disposable: either list, parent domains included', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('sub.mailinator.com')).toBe(true);
    expect(isDisposableDomain('MAILINATOR.COM')).toBe(true);
    expect(isDisposableDomain('acme.com')).toBe(false);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('com')).toBe(false);
  });

  it('role accounts by local part, ignoring case and +tags; first names are not roles', () => {
    for (const r of ['info', 'Sales', 'no-reply', 'postmaster', 'support+eu']) expect(isRoleAccount(r), r).toBe(true);
    for (const p of ['jane', 'mark', 'bill', 'max', 'jane.doe']) expect(isRoleAccount(p), p).toBe(false);
  });

  it('free providers, without the disposable services the list mixes in', () => {
    for (const d of ['gmail.com', 'yahoo.com', 'gmx.de', 'outlook.com']) expect(isFreeProvider(d), d).toBe(true);
    expect(isFreeProvider('acme.com')).toBe(false);
    expect(isFreeProvider('mailinator.com')).toBe(false);
  });

  it('every list names its source', () => {
    expect(Object.keys(LIST_SOURCES).sort()).toEqual(['consumer', 'disposable', 'free', 'role']);
  });
});

describe('typo suggestions', () => {
  it('edit distance counts adjacent transpositions as one', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('acme', 'me')).toBe(2);
  });

  it('suggests a consumer domain when the typed one has no MX', () => {
    expect(suggestDomain('gmial.com', false)).toBe('gmail.com');
    expect(suggestDomain('gmail.con', false)).toBe('gmail.com');
    expect(suggestDomain('hotmial.com', false)).toBe('hotmail.com');
    expect(suggestDomain('yaho.com', false)).toBe('yahoo.com');
    expect(suggestDomain('outlok.com', false)).toBe('outlook.com');
  });

  it('never when the typed domain has MX records, nor toward a business domain, nor for a far name', () => {
    expect(suggestDomain('gmial.com', true)).toBeNull();
    expect(suggestDomain('acme.com', false)).toBeNull(); // mailcheck would say me.com
    expect(suggestDomain('gmail.com', false)).toBeNull();
    expect(suggestDomain('zzqx.com', false)).toBeNull();
  });
});
