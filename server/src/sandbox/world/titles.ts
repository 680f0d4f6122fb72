/**
 * Job titles: every title a person of a function and seniority can hold, and the id the sales tool's
 * TITLE typeahead gives it (CURRENT_TITLE and PAST_TITLE filter values carry these ids, §4.4).
 */
import { FUNCTION_SPEC, FUNCTION_SPECS, type FunctionSpec, OWNER_TITLES } from './career-data.ts';
import { SENIORITIES, type SeniorityId } from './sales-catalog.ts';

/** The titles a person of this seniority in this function may hold. */
export function titleOptions(seniority: number, spec: FunctionSpec): readonly string[] {
  const { area, ic, entry } = spec;
  switch (seniority) {
    case 100:
      return [`${ic[0]} Intern`, `${area} Intern`];
    case 110:
      return [...entry, ...ic.map((t) => `Junior ${t}`)];
    case 120:
      return ic.map((t) => `Senior ${t}`);
    case 130:
      return [...ic.map((t) => `Principal ${t}`), ...ic.map((t) => `Lead ${t}`)];
    case 200:
      return [`${area} Team Lead`, `Team Lead, ${area}`];
    case 210:
      return [`${area} Manager`, `Senior ${area} Manager`];
    case 220:
      return [`Director of ${area}`, `${area} Director`, `Head of ${area}`];
    case 300:
      return [`VP of ${area}`, `Vice President of ${area}`, `SVP ${area}`];
    case 310:
      return [spec.cxo ?? 'Chief Executive Officer'];
    default:
      return OWNER_TITLES;
  }
}

/** The function a seniority forces: owners are entrepreneurs, a C-level title needs its function's. */
export function specFor(seniority: number, functionName: string): FunctionSpec {
  const spec = FUNCTION_SPEC.get(functionName);
  const entrepreneurship = FUNCTION_SPEC.get('Entrepreneurship');
  if (!spec || !entrepreneurship) throw new Error(`unknown function ${functionName}`);
  if (seniority === 320 || (seniority === 310 && !spec.cxo)) return entrepreneurship;
  return spec;
}

/** [inf] title ids are the simulator's own, stable hashes; the notes' one example (9, Software Engineer) is kept. */
const KNOWN_TITLE_IDS: Readonly<Record<string, number>> = { 'Software Engineer': 9 };

function hashTitle(title: string): number {
  let h = 2166136261;
  for (let i = 0; i < title.length; i++) h = Math.imul(h ^ title.charCodeAt(i), 16777619);
  return 100 + ((h >>> 0) % 99_900);
}

/** Every title of the world with its id, built once: the TITLE typeahead's whole table. */
export const TITLE_IDS: ReadonlyMap<string, number> = (() => {
  const titles = new Set<string>(Object.keys(KNOWN_TITLE_IDS));
  for (const spec of FUNCTION_SPECS) {
    for (const { id } of SENIORITIES) for (const title of titleOptions(id, specFor(id, spec.name))) titles.add(title);
    for (const title of spec.ic) titles.add(title);
  }
  const ids = new Map<string, number>();
  const used = new Map<number, string>();
  for (const title of [...titles].sort()) {
    let id = KNOWN_TITLE_IDS[title] ?? hashTitle(title);
    while (used.has(id) && used.get(id) !== title) id++; // a collision moves to the next free id
    used.set(id, title);
    ids.set(title, id);
  }
  return ids;
})();

export function titleId(title: string): number {
  const id = TITLE_IDS.get(title);
  if (id === undefined) throw new Error(`title '${title}' is not in the catalogue`);
  return id;
}

/** One level down a career ladder: where someone was before their current role. */
export function previousSeniority(seniority: number): SeniorityId {
  const order: SeniorityId[] = [100, 110, 120, 130, 210, 220, 300, 310];
  if (seniority === 320) return 310;
  if (seniority === 200) return 120;
  const at = order.indexOf(seniority as SeniorityId);
  return order[Math.max(1, at - 1)] ?? 110;
}
