import { describe, expect, it } from 'vitest';
import { findEmail } from './find-email.ts';
import { learnPattern } from './patterns/learn-pattern.ts';
import { fakeWorld } from './test-support/fake-mail-world.ts';

const john = { firstName: 'John', lastName: 'Smith' };
const FIRST_BATCH = ['john.smith', 'jsmith', 'john', 'johnsmith', 'j.smith'].map((l) => `${l}@acme.com`);
const twoFlast = learnPattern([
  { name: { firstName: 'Ann', lastName: 'Lee' }, address: 'alee@acme.com' },
  { name: { firstName: 'Bo', lastName: 'Berg' }, address: 'bberg@acme.com' },
]);

describe('findEmail', () => {
  it('asks candidates in batches on one call each and stops at the first confirmed address', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { jsmith: 'safe' } } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'jsmith@acme.com', verdict: 'safe', reason: 'confirmed', pattern: 'flast' });
    expect(w.calls).toEqual([FIRST_BATCH]);
    expect(r.rcpts).toBe(6); // catch-all probe + 5 candidates
  });

  it('stops after the hit when asking one at a time', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { jsmith: 'safe' } } });
    const r = await findEmail({ ...john, domain: 'https://www.acme.com/' }, w.ports, { batchSize: 1 });
    expect(w.calls).toEqual([['john.smith@acme.com'], ['jsmith@acme.com']]);
    expect(r).toMatchObject({ email: 'jsmith@acme.com', tried: ['john.smith@acme.com', 'jsmith@acme.com'], rcpts: 3 });
  });

  it('goes on to later batches, and passes the verifier’s verdict through', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { smithj: 'riskier' } } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'smithj@acme.com', verdict: 'riskier', reason: 'confirmed' });
    expect(w.calls).toHaveLength(2);
    expect(r.rcpts).toBe(11);
  });

  it('reports none when every candidate is rejected, with the RCPTs spent', async () => {
    const w = fakeWorld({ 'acme.com': {} });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports, { maxCandidates: 8, batchSize: 4 });
    expect(r).toMatchObject({ email: null, verdict: 'none', reason: 'not_found', rcpts: 9 });
    expect(r.tried).toHaveLength(8);
  });

  it('on a catch-all domain without a known pattern returns the likeliest address as suspect', async () => {
    const w = fakeWorld({ 'acme.com': { catchAll: true } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({
      email: 'john.smith@acme.com',
      verdict: 'suspect',
      reason: 'catch_all',
      alternates: ['jsmith@acme.com', 'john@acme.com', 'johnsmith@acme.com'],
    });
    expect(w.calls).toHaveLength(1);
  });

  it('on a catch-all domain with a pattern learned from two addresses returns it as riskier', async () => {
    const w = fakeWorld({ 'acme.com': { catchAll: true, learned: twoFlast } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'jsmith@acme.com', verdict: 'riskier', reason: 'catch_all_known_pattern' });
  });

  it('on a catch-all domain a pattern from one address reorders but stays suspect', async () => {
    const one = learnPattern([{ name: { firstName: 'Ann', lastName: 'Lee' }, address: 'alee@acme.com' }]);
    const w = fakeWorld({ 'acme.com': { catchAll: true, learned: one } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'jsmith@acme.com', verdict: 'suspect', reason: 'catch_all' });
  });

  it('asks the learned pattern first on a normal domain', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { jsmith: 'safe' }, learned: twoFlast } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports, { batchSize: 1 });
    expect(w.calls).toEqual([['jsmith@acme.com']]);
    expect(r.rcpts).toBe(2);
  });

  it('never returns an address on a domain without a mail host, and spends no RCPT finding out', async () => {
    const w = fakeWorld({ 'nomx.com': { host: 'none' }, 'dnsfail.com': { host: 'error' } });
    for (const domain of ['nomx.com', 'dnsfail.com', 'unknown.com']) {
      const r = await findEmail({ ...john, domain }, w.ports);
      expect(r.email).toBeNull();
      expect(r.verdict).toBe('none');
      expect(r.rcpts).toBe(0);
    }
    expect(w.calls).toEqual([]);
    const v = fakeWorld({ 'acme.com': { verifierNoMailHost: true } });
    expect(await findEmail({ ...john, domain: 'acme.com' }, v.ports)).toMatchObject({
      email: null,
      reason: 'no_mail_host',
    });
  });

  it('returns the likeliest unanswered address as suspect when the server answers nothing', async () => {
    const w = fakeWorld({ 'acme.com': { silent: true } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'john.smith@acme.com', verdict: 'suspect', reason: 'unverifiable' });
    expect(w.calls).toHaveLength(1); // a silent server is not asked again
  });

  it('stops at the RCPT budget', async () => {
    const w = fakeWorld({ 'acme.com': {} });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports, { maxRcpts: 5 });
    expect(r).toMatchObject({ email: null, verdict: 'none', reason: 'budget_exhausted', rcpts: 6 });
    expect(w.calls).toHaveLength(1);
  });

  it('resolves the domain from the company: learned records first, then DNS guesses', async () => {
    const w = fakeWorld({ 'acme.io': { mailboxes: { 'john.smith': 'safe' } } }, { acme: 'acme.io' });
    const r = await findEmail({ ...john, company: { name: 'Acme, Inc.' } }, w.ports);
    expect(r).toMatchObject({ email: 'john.smith@acme.io', domainSource: 'known' });

    const g = fakeWorld({ 'northwind.co': { mailboxes: { john: 'safe' } } });
    const guessed = await findEmail({ ...john, company: { name: 'Northwind LLC' } }, g.ports);
    expect(guessed).toMatchObject({ email: 'john@northwind.co', domainSource: 'guessed' });
    expect(g.hostChecks).toEqual(['northwind.com', 'northwind.io', 'northwind.co']);
  });

  it('does not guess at a free mail provider', async () => {
    const w = fakeWorld({ 'gmail.com': { mailboxes: { 'john.smith': 'safe' } } });
    const r = await findEmail(
      { ...john, domain: 'gmail.com' },
      { ...w.ports, isFreeProvider: (d) => d === 'gmail.com' },
    );
    expect(r).toMatchObject({ email: null, verdict: 'none', reason: 'free_provider', rcpts: 0 });
    expect(w.calls).toEqual([]);
  });

  it('reports what is missing', async () => {
    const w = fakeWorld({ 'acme.com': {} });
    expect(await findEmail(john, w.ports)).toMatchObject({ reason: 'no_domain', email: null });
    expect(await findEmail({ company: { name: 'Nowhere Ltd' }, ...john }, w.ports)).toMatchObject({
      reason: 'no_domain',
    });
    expect(await findEmail({ domain: 'acme.com' }, w.ports)).toMatchObject({ reason: 'no_name', rcpts: 0 });
  });
});
