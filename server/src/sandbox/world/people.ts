import { localPartFor, nameToken, PATTERN_WEIGHTS, uniqueLocalPart } from './local-part.ts';
import { COUNTRY_WEIGHTS, NAME_POOLS, type NamePool, NICKNAMES } from './name-data.ts';
import { type Rng, rngFor } from './prng.ts';
import { isRoleWord } from './role-words.ts';
import type { Company, MailboxStatus, Person } from './types.ts';

/** How many people of a company the world holds: around `average`, never more than its headcount. */
export function staffCount(seed: string, company: Company, average: number): number {
  const rng = rngFor(seed, 'company', company.index, 'staff');
  const wanted = rng.int(Math.max(1, Math.ceil(average * 0.5)), Math.max(1, Math.floor(average * 1.5)));
  return Math.min(company.headcount, wanted);
}

/**
 * Person number `n` of a company. Streams: 'name' (who they are) and 'mailbox' (their address and
 * its state). `taken` holds the company's local parts so far; the person's is added to it.
 */
export function generatePerson(seed: string, company: Company, n: number, taken: Set<string>): Person {
  const who = rngFor(seed, 'person', company.index, n, 'name');
  // Most staff come from the company's country; some from anywhere.
  const country = who.chance(0.85) ? company.country : who.weighted(COUNTRY_WEIGHTS);
  const pool = NAME_POOLS[country] ?? NAME_POOLS.US;
  if (!pool) throw new Error('no name pool');
  const firstName = who.pick(pool.given);
  const middleName = pool.middle && who.chance(pool.middle) ? pickOther(who, pool.given, firstName) : undefined;
  const lastName = familyName(who, pool);
  const nicknames = NICKNAMES[firstName];
  const nickname = nicknames && who.chance(0.5) ? who.pick(nicknames) : undefined;

  const box = rngFor(seed, 'person', company.index, n, 'mailbox');
  const mailbox = box.weighted<MailboxStatus>([
    ['active', 95.5],
    ['full', 2],
    ['disabled', 2.5],
  ]);
  const usesNickname = nickname !== undefined && box.chance(0.35);
  // Real companies are not consistent: a few mailboxes follow another pattern than the usual one.
  const pattern = box.chance(0.04) ? box.weighted(PATTERN_WEIGHTS) : company.pattern;
  const first = nameToken(usesNickname && nickname ? nickname : firstName, company.umlauts);
  const last = nameToken(lastName, company.umlauts);
  // "per@" for Per Andersson reads as a role account to any verifier: such people get first.last.
  const wanted = localPartFor(pattern, first, last);
  const local = uniqueLocalPart(isRoleWord(wanted) ? localPartFor('first.last', first, last) : wanted, taken);
  taken.add(local);

  return {
    id: `pe_${String(company.index).padStart(6, '0')}_${String(n).padStart(3, '0')}`,
    companyId: company.id,
    firstName,
    lastName,
    ...(middleName ? { middleName } : {}),
    ...(nickname ? { nickname } : {}),
    fullName: `${firstName} ${lastName}`,
    nameOrigin: country,
    email: `${local}@${company.domain}`,
    mailbox,
  };
}

function familyName(rng: Rng, pool: NamePool): string {
  const first = rng.pick(pool.family);
  if (!pool.doubleFamily || !rng.chance(pool.doubleFamily)) return first;
  return `${first} ${pickOther(rng, pool.family, first)}`;
}

function pickOther(rng: Rng, items: readonly string[], not: string): string {
  const i = rng.int(0, items.length - 1);
  const pick = items[i] ?? not;
  return pick === not ? (items[(i + 1) % items.length] ?? not) : pick;
}
