import { describe, expect, it } from 'vitest';
import { foldName } from './ascii-fold.ts';
import { nameForms } from './name-forms.ts';
import { nicknamesOf } from './nicknames.ts';
import { type PersonName, parseName } from './parse-name.ts';

const tokens = (name: PersonName, style: 'strip' | 'expand' = 'strip') => {
  const parsed = parseName(name);
  if (!parsed) throw new Error('unparsed');
  const forms = nameForms(parsed, style);
  const byWeight = (vs: readonly { token: string; weight: number }[]) =>
    [...vs].sort((a, b) => b.weight - a.weight).map((v) => v.token);
  return { first: byWeight(forms.first), last: byWeight(forms.last), middle: forms.middleInitial };
};

describe('foldName', () => {
  it.each([
    ['José', 'strip', 'jose'],
    ['Núñez', 'strip', 'nunez'],
    ['Jürgen', 'strip', 'jurgen'],
    ['Jürgen', 'expand', 'juergen'],
    ['Müller', 'expand', 'mueller'],
    ['Weiß', 'strip', 'weiss'],
    ['Łukasz', 'strip', 'lukasz'],
    ['Żółć', 'strip', 'zolc'],
    ['Søren', 'strip', 'soren'],
    ['Ærø', 'strip', 'aero'],
    ['Œuvre', 'strip', 'oeuvre'],
    ['Þórður', 'strip', 'thordur'],
    ["O'Brien", 'strip', 'obrien'],
    ['O’Brien', 'strip', 'obrien'],
    ['Jean-Luc', 'strip', 'jean-luc'],
    ['Smith–Jones', 'strip', 'smith-jones'],
    ['St. John', 'strip', 'stjohn'],
    ['Ó Súilleabháin', 'strip', 'osuilleabhain'],
  ] as const)('%s (%s) → %s', (input, style, expected) => {
    expect(foldName(input, style)).toBe(expected);
  });
});

describe('parseName', () => {
  it.each([
    [{ fullName: 'Dr. John Smith Jr.' }, 'John', [], 'Smith'],
    [{ fullName: 'Prof. Dr. Anna Maria Schmidt, PhD' }, 'Anna', ['Maria'], 'Schmidt'],
    [{ fullName: 'Smith, John' }, 'John', [], 'Smith'],
    [{ fullName: 'Ludwig van der Rohe' }, 'Ludwig', [], 'van der Rohe'],
    [{ fullName: 'Ludwig Mies van der Rohe' }, 'Ludwig', ['Mies'], 'van der Rohe'],
    [{ fullName: 'Jean-Luc Picard' }, 'Jean-Luc', [], 'Picard'],
    [{ fullName: 'William Henry Gates III' }, 'William', ['Henry'], 'Gates'],
    [{ firstName: 'Dr. John', lastName: 'Smith, MBA' }, 'John', [], 'Smith'],
    [{ firstName: 'Conor', lastName: "O'Brien 🍀" }, 'Conor', [], "O'Brien"],
    [{ firstName: 'Femke', lastName: "'t Hart" }, 'Femke', [], "'t Hart"],
    [{ firstName: 'María José', lastName: 'García López' }, 'María José', [], 'García López'],
    [{ fullName: 'John T Smith' }, 'John', ['T'], 'Smith'], // a bare T is an initial, not 't
    [{ fullName: 'Maria de la Cruz' }, 'Maria', [], 'de la Cruz'],
  ])('%j', (input, given, middle, family) => {
    const parsed = parseName(input);
    expect(parsed).toMatchObject({ given, middle, family });
  });

  it('takes a nickname written into the name', () => {
    expect(parseName({ fullName: 'Robert (Bob) Smith' })?.written_nicknames).toEqual(['Bob']);
    expect(parseName({ firstName: 'Robert "Bobby"', lastName: 'Smith' })?.written_nicknames).toEqual(['Bobby']);
    expect(parseName({ fullName: 'Alex Kim (she/her)' })).toMatchObject({
      given: 'Alex',
      family: 'Kim',
      written_nicknames: [],
    });
  });

  it('gives up on an empty name', () => {
    expect(parseName({ firstName: ' ', lastName: '' })).toBeNull();
    expect(parseName({})).toBeNull();
  });
});

describe('nameForms', () => {
  it('José Núñez', () => {
    expect(tokens({ firstName: 'José', lastName: 'Núñez' })).toMatchObject({
      first: ['jose', 'pepe'],
      last: ['nunez'],
    });
  });
  it('Jürgen Müller gives both umlaut spellings', () => {
    expect(tokens({ firstName: 'Jürgen', lastName: 'Müller' }, 'expand')).toMatchObject({
      first: ['juergen'],
      last: ['mueller'],
    });
    expect(tokens({ firstName: 'Jürgen', lastName: 'Müller' }, 'strip')).toMatchObject({
      first: ['jurgen'],
      last: ['muller'],
    });
  });
  it('Łukasz Żółć and Søren Ærø', () => {
    expect(tokens({ firstName: 'Łukasz', lastName: 'Żółć' })).toMatchObject({ first: ['lukasz'], last: ['zolc'] });
    expect(tokens({ firstName: 'Søren', lastName: 'Ærø' })).toMatchObject({ first: ['soren'], last: ['aero'] });
  });
  it("O'Brien", () => {
    expect(tokens({ firstName: 'Conor', lastName: "O'Brien" }).last).toEqual(['obrien']);
  });
  it('Jean-Luc Picard: kept, joined, first part', () => {
    expect(tokens({ fullName: 'Jean-Luc Picard' }).first).toEqual(['jean-luc', 'jeanluc', 'jean', 'luc']);
  });
  it('Ludwig van der Rohe: joined particles first, then stripped, dotted and hyphenated', () => {
    expect(tokens({ fullName: 'Ludwig van der Rohe' }).last).toEqual([
      'vanderrohe',
      'rohe',
      'van.der.rohe',
      'van-der-rohe',
    ]);
  });
  it('Dr. John Smith Jr.: title and suffix dropped, nicknames last', () => {
    expect(tokens({ fullName: 'Dr. John Smith Jr.' })).toEqual({
      first: ['john', 'jack', 'johnny'],
      last: ['smith'],
      middle: null,
    });
  });
  it('double-barrelled and double surnames', () => {
    expect(tokens({ firstName: 'Ann', lastName: 'Smith-Jones' }).last).toEqual([
      'smith-jones',
      'smithjones',
      'smith',
      'jones',
    ]);
    expect(tokens({ firstName: 'Ana', lastName: 'García López' }).last).toEqual([
      'garcialopez',
      'garcia',
      'garcia-lopez',
      'lopez',
    ]);
  });
  it('Ó Súilleabháin: never a one-letter surname', () => {
    expect(tokens({ firstName: 'Seán', lastName: 'Ó Súilleabháin' }).last).toEqual([
      'osuilleabhain',
      'o-suilleabhain',
      'suilleabhain',
    ]);
  });
  it('middle initial', () => {
    expect(tokens({ firstName: 'Anna', middleName: 'Éva', lastName: 'Kiss' }).middle).toBe('e');
  });
});

describe('nicknames', () => {
  it('goes both ways', () => {
    expect(nicknamesOf('robert')).toEqual(['bob', 'rob', 'bobby']);
    expect(nicknamesOf('bob')).toEqual(['robert']);
    expect(nicknamesOf('bill')).toEqual(['william']);
    expect(nicknamesOf('xavier')).toEqual([]);
  });
  it('a written nickname outranks the table', () => {
    expect(tokens({ fullName: 'Robert (Robbie) Smith' }).first.slice(0, 2)).toEqual(['robert', 'robbie']);
  });
});
