import { describe, expect, it } from 'vitest';
import { candidatesFor } from './candidates.ts';
import {
  addExample,
  dominantPattern,
  emptyLearnedPattern,
  learnPattern,
  patternShares,
  umlautFactor,
} from './learn-pattern.ts';

const top = (learned: ReturnType<typeof learnPattern> | null, first = 'Maria', last = 'Schmidt', max = 3) =>
  candidatesFor({ firstName: first, lastName: last }, learned, { max }).map((c) => c.local);

describe('learnPattern', () => {
  it('from no examples changes nothing', () => {
    const learned = learnPattern([]);
    expect(learned).toEqual(emptyLearnedPattern());
    expect(dominantPattern(learned)).toBeNull();
    expect(top(learned)).toEqual(top(null));
    expect(patternShares(learned)).toEqual([]);
  });

  it('from one example lifts its pattern to the top, without dominance', () => {
    const learned = learnPattern([{ name: { firstName: 'John', lastName: 'Smith' }, address: 'smithj@acme.com' }]);
    expect(learned.support).toEqual({ lastf: 1 });
    expect(dominantPattern(learned)).toBeNull();
    expect(top(learned)[0]).toBe('schmidtm');
    expect(candidatesFor({ firstName: 'Maria', lastName: 'Schmidt' }, learned)[0]?.learned).toBe(false);
  });

  it('from two examples dominates, even over a strong prior and a strange spelling', () => {
    const learned = learnPattern([
      { name: { firstName: 'John', lastName: 'Smith' }, address: 'smith.john@acme.com' },
      { name: { fullName: 'Dr. Anna Maria Weiß' }, address: 'weiss.anna@acme.com' },
    ]);
    expect(dominantPattern(learned)).toEqual({ pattern: 'last.first', support: 2 });
    const list = candidatesFor({ firstName: 'Jean-Luc', lastName: 'Picard' }, learned, { max: 4 });
    expect(list.map((c) => c.local)).toEqual(['picard.jean-luc', 'picard.jeanluc', 'picard.jean', 'picard.luc']);
    expect(list.every((c) => c.learned)).toBe(true);
    expect(patternShares(learned)).toEqual([{ pattern: 'last.first', share: 1 }]);
  });

  it('allows a collision suffix and ignores addresses no pattern explains', () => {
    const learned = learnPattern([
      { name: { firstName: 'John', lastName: 'Smith' }, address: 'jsmith2@acme.com' },
      { name: { firstName: 'Jane', lastName: 'Smith' }, address: 'jsmith@acme.com' },
      { name: { firstName: 'Ann', lastName: 'Lee' }, address: 'sales@acme.com' },
    ]);
    expect(learned.examples).toBe(3);
    expect(learned.support).toEqual({ flast: 2 });
    expect(top(learned, 'Maria', 'Schmidt', 1)).toEqual(['mschmidt']);
  });

  it('splits an ambiguous address between the patterns that explain it', () => {
    // "lee" is both {last} for Ann Lee and {first} for Lee Ann.
    const learned = learnPattern([{ name: { firstName: 'Lee', lastName: 'Lee' }, address: 'lee@acme.com' }]);
    expect(learned.support).toEqual({ first: 0.5, last: 0.5 });
  });

  it('learns the umlaut spelling and is built up one address at a time', () => {
    let learned = emptyLearnedPattern();
    learned = addExample(learned, { name: { firstName: 'Jürgen', lastName: 'Müller' }, address: 'juergen.mueller' });
    learned = addExample(learned, { name: { firstName: 'Jörg', lastName: 'Weber' }, address: 'joerg.weber@x.de' });
    learned = addExample(learned, { name: { firstName: 'Jan', lastName: 'Weber' }, address: 'jan.weber@x.de' });
    expect(learned).toEqual({ examples: 3, support: { 'first.last': 3 }, umlauts: { expand: 2, strip: 0 } });
    expect(umlautFactor(learned, 'expand')).toBeGreaterThan(umlautFactor(learned, 'strip'));
    expect(top(learned, 'Björn', 'Schröder', 2)).toEqual(['bjoern.schroeder', 'bjorn.schroder']);
    expect(JSON.parse(JSON.stringify(learned))).toEqual(learned); // storable as JSON
  });
});
