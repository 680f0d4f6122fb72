import { domainToASCII } from 'node:url';
import { generateCompany } from './companies.ts';
import { FIXED_DOMAINS, FIXED_MAILBOXES, FIXED_ZONE } from './fixed-cases.ts';
import { MAIL_HOSTS } from './mail-hosts.ts';
import { routeMail, sharedHostRecords } from './mail-routing.ts';
import { generatePerson, staffCount } from './people.ts';
import type { Company, MailBehaviour, Mailbox, MailDomain, Person, World } from './types.ts';

export interface WorldOptions {
  /** Same seed, same world. */
  readonly seed?: string | number;
  readonly companies?: number;
  /** The average number of people per company (a company never has more than its headcount). */
  readonly peoplePerCompany?: number;
}

export const DEFAULT_WORLD_SEED = 'leadforge';
export const DEFAULT_COMPANY_COUNT = 2000;
export const DEFAULT_PEOPLE_PER_COMPANY = 13;

/** Behaviours whose domains have no mailboxes at all: nothing there can receive mail. */
const NO_MAILBOXES: ReadonlySet<MailBehaviour> = new Set(['nxdomain', 'servfail', 'null_mx']);

/**
 * Builds the whole world: the fixed domains of docs/sandbox.md, then the generated companies with
 * their people. Pure: no I/O, no clock, no Math.random.
 */
export function buildWorld(options: WorldOptions = {}): World {
  const seed = String(options.seed ?? DEFAULT_WORLD_SEED);
  const companyCount = options.companies ?? DEFAULT_COMPANY_COUNT;
  const average = options.peoplePerCompany ?? DEFAULT_PEOPLE_PER_COMPANY;

  const domains = new Map<string, MailDomain>();
  const mailboxes = new Map<string, Mailbox>();
  const hosts = new Map<string, readonly string[]>(sharedHostRecords());
  const addDomain = (domain: MailDomain) => {
    domains.set(domain.domain, domain);
    for (const [name, ips] of domain.hostRecords) hosts.set(name, ips);
  };
  const addMailbox = (box: Mailbox) => mailboxes.set(box.address, box);

  for (const fixed of FIXED_DOMAINS) {
    const unicodeDomain = `${fixed.label}.${FIXED_ZONE}`;
    const domain = domainToASCII(unicodeDomain);
    addDomain({ domain, unicodeDomain, behaviour: fixed.behaviour, ...routeMail(domain, fixed.behaviour) });
    if (NO_MAILBOXES.has(fixed.behaviour)) continue;
    for (const [local, status, role] of FIXED_MAILBOXES) addMailbox({ address: `${local}@${domain}`, status, role });
  }

  // Generated domains must not collide with the names the mail hosts use (google.test …) or the zone.
  const taken = new Set<string>([FIXED_ZONE, ...MAIL_HOSTS.map((h) => h.name.split('.').slice(-2).join('.'))]);
  const companies: Company[] = [];
  const people: Person[] = [];
  for (let i = 0; i < companyCount; i++) {
    const company = generateCompany(seed, i, taken);
    companies.push(company);
    addDomain({
      domain: company.domain,
      unicodeDomain: company.unicodeDomain,
      behaviour: company.mail,
      companyId: company.id,
      ...routeMail(company.domain, company.mail),
    });
    // People of a company whose domain takes no mail still exist (the sales tool lists them); their
    // addresses just lead nowhere.
    const hasMail = !NO_MAILBOXES.has(company.mail);
    const locals = new Set<string>(company.roleAddresses);
    for (const role of company.roleAddresses) {
      if (hasMail) addMailbox({ address: `${role}@${company.domain}`, status: 'active', role: true });
    }
    const count = staffCount(seed, company, average);
    for (let n = 0; n < count; n++) {
      const person = generatePerson(seed, company, n, locals);
      people.push(person);
      if (hasMail) addMailbox({ address: person.email, status: person.mailbox, role: false, personId: person.id });
    }
  }

  return {
    seed,
    companies,
    people,
    domains,
    mailboxes,
    hosts,
    disposableDomains: [...domains.values()].filter((d) => d.behaviour === 'disposable').map((d) => d.domain),
  };
}
