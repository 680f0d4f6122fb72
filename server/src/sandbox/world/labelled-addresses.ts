import { parseAddress } from './address.ts';
import { FIXED_ADDRESSES } from './fixed-cases.ts';
import { type Expectation, expectedVerdict } from './ground-truth.ts';
import { localPartFor, nameToken, PATTERN_WEIGHTS } from './local-part.ts';
import { rngFor } from './prng.ts';
import type { AddressPattern, Company, MailBehaviour, Person, World } from './types.ts';

export interface LabelledAddress extends Expectation {
  readonly address: string;
  /** The behaviour of the address's domain ('nxdomain' when the world does not know the domain). */
  readonly behaviour: MailBehaviour;
}

export interface LabelOptions {
  /** How many addresses; the fixed ones of docs/sandbox.md come first. Default 400. */
  readonly count?: number;
  readonly seed?: string | number;
  /** Leave out domains with these behaviours (e.g. 'silent' and 'greylist', which cost a verifier time). */
  readonly exclude?: readonly MailBehaviour[];
}

/**
 * A deterministic set of addresses with the verdict a correct verifier gives each, for accuracy
 * tests: the fixed addresses, then people's mailboxes (active, full, disabled), role accounts, and
 * plausible addresses that do not exist (a real person under another pattern), across every
 * behaviour of the world's companies.
 */
export function labelledAddresses(world: World, options: LabelOptions = {}): LabelledAddress[] {
  const count = options.count ?? 400;
  const excluded = new Set(options.exclude ?? []);
  const out: LabelledAddress[] = [];
  const seen = new Set<string>();
  const add = (address: string) => {
    if (seen.has(address) || out.length >= count) return;
    const domain = world.domains.get(parseAddress(address)?.domain ?? '');
    const behaviour = domain?.behaviour ?? 'nxdomain';
    if (excluded.has(behaviour)) return;
    seen.add(address);
    out.push({ address, behaviour, ...expectedVerdict(world, address) });
  };
  for (const fixed of FIXED_ADDRESSES) add(fixed.address);

  const staff = new Map<string, Person[]>();
  for (const person of world.people) {
    const list = staff.get(person.companyId) ?? [];
    list.push(person);
    staff.set(person.companyId, list);
  }
  const companies = world.companies.filter((c) => !excluded.has(c.mail) && (staff.get(c.id)?.length ?? 0) > 0);
  if (companies.length === 0) return out;
  // Full and disabled mailboxes are rare; make sure the sample has some.
  const included = new Set(companies.map((c) => c.id));
  const unusual = world.people.filter((p) => p.mailbox !== 'active' && included.has(p.companyId));

  for (let i = 0; out.length < count && i < count * 20; i++) {
    const rng = rngFor(options.seed ?? 'labels', i);
    const company = rng.pick(companies);
    const person = rng.pick(staff.get(company.id) ?? []);
    const kind = rng.weighted([
      ['mailbox', 45],
      ['unknown', 30],
      ['role', 12],
      ['unusual', 13],
    ] as const);
    if (kind === 'mailbox') add(person.email);
    else if (kind === 'unknown') add(notTheirAddress(world, company, person, rng.pick(PATTERN_WEIGHTS)[0]));
    else if (kind === 'role') add(`${rng.pick(['info', 'sales', 'support', 'hello', 'careers'])}@${company.domain}`);
    else if (unusual.length > 0) add(rng.pick(unusual).email);
  }
  return out;
}

/** The person's name under another pattern, which is not a mailbox there (or a clearly made-up one). */
function notTheirAddress(world: World, company: Company, person: Person, pattern: AddressPattern): string {
  const first = nameToken(person.firstName, company.umlauts);
  const last = nameToken(person.lastName, company.umlauts);
  const local = localPartFor(pattern, first, last);
  const address = `${local}@${company.domain}`;
  return world.mailboxes.has(address) ? `${local}.x@${company.domain}` : address;
}
