import { buildSalesWorld } from '../../src/sandbox/world/sales-world.ts';
import type { World } from '../../src/sandbox/world/types.ts';

export interface EmailCheck {
  /** Records whose lead the world knows (by Sales Navigator ID). */
  leads: number;
  /** Records with an Email, and of those, the person's real mailbox. */
  withEmail: number;
  right: number;
  /** An address that is not the person's, marked safe: what must never happen. */
  wrongSafe: number;
  statuses: Record<string, number>;
  /** The first few wrong safe answers, to look into (printed, not written to the results). */
  wrongSafeExamples?: string[];
}

/** The extraction's emails against the world's truth: each lead's person and their mailbox. */
export function checkEmails(world: World, records: Record<string, unknown>[]): EmailCheck {
  const sales = buildSalesWorld(world);
  const check: EmailCheck = { leads: 0, withEmail: 0, right: 0, wrongSafe: 0, statuses: {} };
  for (const record of records) {
    const lead = sales.leadByProfileId.get(String(record['Sales Navigator ID'] ?? ''));
    const person = lead ? world.people[lead.personIndex] : undefined;
    if (!person) continue;
    check.leads += 1;
    const status = String(record['Email Status'] ?? '') || 'none';
    check.statuses[status] = (check.statuses[status] ?? 0) + 1;
    const email = String(record.Email ?? '').toLowerCase();
    if (!email) continue;
    check.withEmail += 1;
    if (email === person.email) check.right += 1;
    else if (status === 'safe') {
      check.wrongSafe += 1;
      const company = world.companies.find((c) => c.id === person.companyId);
      check.wrongSafeExamples = [
        ...(check.wrongSafeExamples ?? []),
        `${person.fullName} (${company?.domain} ${company?.mail}): ${email}, truth ${person.email}`,
      ];
    }
  }
  return check;
}
