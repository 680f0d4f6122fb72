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
    // jsmith@ is any J. Smith's: confirmed, but riskier (see 'marks safe only …' below).
    expect(r).toMatchObject({ email: 'jsmith@acme.com', verdict: 'riskier', reason: 'confirmed', pattern: 'flast' });
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

  it('with a known pattern asks the learned guess alone first, then full batches', async () => {
    const hit = fakeWorld({ 'acme.com': { mailboxes: { jsmith: 'safe' }, learned: twoFlast } });
    expect(await findEmail({ ...john, domain: 'acme.com' }, hit.ports)).toMatchObject({
      rcpts: 2,
      reason: 'confirmed',
    });
    expect(hit.calls).toEqual([['jsmith@acme.com']]);
    const miss = fakeWorld({ 'acme.com': { mailboxes: { 'john.smith': 'safe' }, learned: twoFlast } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, miss.ports);
    expect(miss.calls.map((c) => c.length)).toEqual([1, 5]);
    expect(r).toMatchObject({ email: 'john.smith@acme.com', reason: 'confirmed' });
  });

  it('asks the collision spelling of an address known to be another person’s', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { 'john.smith': 'safe', 'john.smith2': 'safe' } } });
    const taken = (address: string) => address === 'john.smith@acme.com';
    const r = await findEmail({ ...john, domain: 'acme.com' }, { ...w.ports, takenByOther: taken });
    expect(w.calls[0]?.[0]).toBe('john.smith2@acme.com');
    expect(w.calls.flat()).not.toContain('john.smith@acme.com');
    // Whether john.smith2@ is this John Smith's or a third one's, nothing says: riskier.
    expect(r).toMatchObject({ email: 'john.smith2@acme.com', verdict: 'riskier', reason: 'confirmed' });
  });

  it('asks a namesake’s address after its collision spelling, and marks either find riskier', async () => {
    const namesake = (address: string) => address === 'john.smith@acme.com';
    const two = fakeWorld({ 'acme.com': { mailboxes: { 'john.smith': 'safe', 'john.smith2': 'safe' } } });
    const second = await findEmail({ ...john, domain: 'acme.com' }, { ...two.ports, takenByNamesake: namesake });
    expect(two.calls[0]?.slice(0, 2)).toEqual(['john.smith2@acme.com', 'john.smith@acme.com']);
    expect(second).toMatchObject({ email: 'john.smith2@acme.com', verdict: 'riskier' });
    // The same person listed twice: there is no second mailbox, so the first one's address is given again.
    const one = fakeWorld({ 'acme.com': { mailboxes: { 'john.smith': 'safe' } } });
    const again = await findEmail({ ...john, domain: 'acme.com' }, { ...one.ports, takenByNamesake: namesake });
    expect(again).toMatchObject({ email: 'john.smith@acme.com', verdict: 'riskier', reason: 'confirmed' });
  });

  it('marks safe only an address that spells both names in full; initials and one name are riskier', async () => {
    const cases: [string, string, 'safe' | 'riskier'][] = [
      ['john.smith', 'first.last', 'safe'],
      ['johnsmith', 'firstlast', 'safe'],
      ['smith.john', 'last.first', 'safe'],
      ['jsmith', 'flast', 'riskier'],
      ['j.smith', 'f.last', 'riskier'],
      ['johns', 'firstl', 'riskier'],
      ['john', 'first', 'riskier'],
      ['smith', 'last', 'riskier'],
    ];
    for (const [local, pattern, verdict] of cases) {
      const w = fakeWorld({ 'acme.com': { mailboxes: { [local]: 'safe' } } });
      const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports, { batchSize: 1, maxCandidates: 20 });
      expect({ local, r: { email: r.email, pattern: r.pattern, verdict: r.verdict } }).toEqual({
        local,
        r: { email: `${local}@acme.com`, pattern, verdict },
      });
    }
    // A verdict the verifier already lowered (a full inbox) stays as it is.
    const full = fakeWorld({ 'acme.com': { mailboxes: { 'john.smith': 'riskier' } } });
    expect(await findEmail({ ...john, domain: 'acme.com' }, full.ports)).toMatchObject({ verdict: 'riskier' });
  });

  it('of several mailboxes found in one batch, takes the one made from both names', async () => {
    const w = fakeWorld({ 'acme.com': { mailboxes: { john: 'safe', 'j.smith': 'safe' } } });
    const r = await findEmail({ ...john, domain: 'acme.com' }, w.ports);
    expect(r).toMatchObject({ email: 'j.smith@acme.com', verdict: 'riskier', pattern: 'f.last' });
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
