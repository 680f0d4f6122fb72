import { describe, expect, it } from 'vitest';
// Tests may read the sandbox world (production code never does): its names and its 10 patterns are
// the ground truth the finder must be able to reproduce.
import { localPartFor, nameToken } from '../../sandbox/world/local-part.ts';
import { NAME_POOLS, NICKNAMES } from '../../sandbox/world/name-data.ts';
import type { AddressPattern as SandboxPattern } from '../../sandbox/world/types.ts';
import { candidatesFor } from './candidates.ts';

const locals = (name: Parameters<typeof candidatesFor>[0], max?: number) =>
  candidatesFor(name, null, max === undefined ? {} : { max }).map((c) => c.local);

const SANDBOX_PATTERNS: readonly SandboxPattern[] = [
  'first.last',
  'flast',
  'first',
  'firstlast',
  'f.last',
  'firstl',
  'first_last',
  'last.first',
  'lastf',
  'last',
];

describe('candidatesFor', () => {
  it('orders a plain name by the §6 priors', () => {
    expect(locals({ firstName: 'John', lastName: 'Smith' }, 10)).toEqual([
      'john.smith',
      'jsmith',
      'john',
      'johnsmith',
      'j.smith',
      'johns',
      'john_smith',
      'smith',
      'smithj', // lastf and last.first share a prior; lastf also gains the j of jack and johnny
      'smith.john',
    ]);
  });

  it('never repeats a local part and scores sum to 1', () => {
    const all = candidatesFor({ firstName: 'Anna', lastName: 'Anna' });
    expect(new Set(all.map((c) => c.local)).size).toBe(all.length);
    expect(all.reduce((s, c) => s + c.score, 0)).toBeCloseTo(1, 9);
  });

  it('interleaves both umlaut spellings of Jürgen Müller', () => {
    expect(locals({ firstName: 'Jürgen', lastName: 'Müller' }, 4)).toEqual([
      'juergen.mueller',
      'jurgen.muller',
      'jmueller',
      'jmuller',
    ]);
  });

  it('keeps nicknames behind the real name', () => {
    const list = locals({ firstName: 'Robert', lastName: 'Smith' });
    expect(list.indexOf('bob.smith')).toBeGreaterThan(list.indexOf('smith.robert'));
    expect(list.indexOf('bsmith')).toBeGreaterThan(list.indexOf('rsmith'));
  });

  it('uses the middle initial only in its patterns', () => {
    const list = locals({ firstName: 'John', middleName: 'Fitzgerald', lastName: 'Kennedy' });
    expect(list).toContain('jfkennedy');
    expect(list).toContain('john.f.kennedy');
    expect(list.slice(0, 3)).toEqual(['john.kennedy', 'jkennedy', 'john']);
  });

  it('gives nothing for no name and only first-name patterns for a first name alone', () => {
    expect(candidatesFor({})).toEqual([]);
    expect(locals({ firstName: 'Cher' })).toEqual(['cher']);
  });

  it('cuts at max', () => {
    expect(candidatesFor({ firstName: 'John', lastName: 'Smith' }, null, { max: 3 })).toHaveLength(3);
  });

  // Every sandbox person's address follows one of 10 patterns over nameToken spellings (umlauts
  // stripped or expanded, sometimes the nickname): the finder must produce all of them.
  it('produces every sandbox pattern for every sandbox name pool', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [country, pool] of Object.entries(NAME_POOLS)) {
      for (let i = 0; i < pool.family.length; i++) {
        const firstName = pool.given[i % pool.given.length] ?? '';
        const lastName = pool.family[i] ?? '';
        const all = new Set(locals({ firstName, lastName }));
        const firstForms = [firstName, ...(NICKNAMES[firstName] ?? [])];
        for (const umlauts of ['strip', 'expand'] as const) {
          for (const given of firstForms) {
            for (const pattern of SANDBOX_PATTERNS) {
              const local = localPartFor(pattern, nameToken(given, umlauts), nameToken(lastName, umlauts));
              checked++;
              if (!all.has(local)) missing.push(`${country} ${firstName} ${lastName}: ${pattern} ${local}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect(missing).toEqual([]);
  });

  it('puts the sandbox first.last spelling in the top 3 for particles, apostrophes and compound names', () => {
    for (const [firstName, lastName] of [
      ['Femke', "'t Hart"],
      ['Jan', 'van der Meer'],
      ['María José', 'García López'],
      ['Jean-Pierre', 'Saint-Exupéry'],
      ['Seán', 'Ó Súilleabháin'],
      ['Anne', 'St. John'],
    ] as const) {
      const first = nameToken(firstName, 'strip');
      const last = nameToken(lastName, 'strip');
      expect(locals({ firstName, lastName }, 3)).toContain(`${first}.${last}`);
    }
  });
});
