/**
 * Seniority and function read from a job title. Neither search hits nor profiles carry them
 * (salestool-protocol.md §2.4, §2.7), yet SENIORITY_LEVEL and FUNCTION are the most used filters,
 * so the filter check needs them. This is inference, not the tool's own classification: each
 * returns every id a title plausibly has, and an empty set when the title says nothing, so a check
 * fails only when no reading of the title fits.
 */

/** A title, lower case, accents folded, `&`/`/`/`-` as spaces: what the patterns below read. */
export function foldTitle(title: string): string {
  return ` ${title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[&/,|()\-–—.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Ordered: the first rule that matches decides, except where a rule lists several ids. */
const SENIORITY_RULES: [RegExp, string[]][] = [
  [/ (intern|internship|apprentice|werkstudent|praktikant|working student|stagiaire) /, ['100']],
  // A trainee solicitor or accountant is on a first job as often as an internship.
  [/ trainee /, ['100', '110']],
  [/ (vice president|vp|svp|evp|avp) /, ['300']],
  // A product owner owns a backlog and an HR business partner is an employee: neither is an owner or partner.
  [
    / (founder|co ?founder|(?<!product )owner|proprietor|managing partner|(?<!business )partner|inhaber) /,
    ['320', '310'],
  ],
  [
    / (chief|ceo|cto|cfo|coo|cmo|cio|ciso|cro|cpo|cdo|president|geschaftsfuhrer|managing director|general manager|directeur general|pdg) /,
    ['310'],
  ],
  [/ (director|head|directeur|directora?|leiter|leiterin|diretor) /, ['220']],
  [/ (manager|supervisor|team lead|gerente|responsable|teamleiter) /, ['200', '210']],
  // "Lead Engineer": a senior individual contributor as often as a team lead.
  [/ lead /, ['130', '200']],
  [/ (senior|sr|principal|staff|expert) /, ['120', '130']],
  [/ (junior|jr|graduate|entry) /, ['110']],
  [
    / (assistant|associate|specialist|coordinator|analyst|engineer|developer|representative|executive|consultant|designer|accountant|officer|administrator|recruiter|scientist|technician|advisor|agent|receptionist|solicitor|clerk|owner|partner) /,
    ['110', '120', '130'],
  ],
];

/**
 * A level word before a "manager" title ("Senior Product Manager", "Junior Account Manager") is as
 * often an individual contributor's level (product and account managers manage no one) as a
 * manager's: both readings are kept.
 */
const LEVELLED_MANAGER: [RegExp, string[]][] = [
  [/ (junior|jr|graduate|associate) [^ ]*( [^ ]+)* manager /, ['110', '200', '210']],
  [/ (senior|sr|principal|staff|lead) [^ ]*( [^ ]+)* manager /, ['120', '130', '200', '210']],
];

export function inferSeniority(title: string | undefined): string[] {
  if (!title) return [];
  const folded = foldTitle(title);
  for (const [pattern, ids] of SENIORITY_RULES) {
    if (!pattern.test(folded)) continue;
    if (ids.includes('200')) {
      for (const [levelled, both] of LEVELLED_MANAGER) if (levelled.test(folded)) return both;
    }
    return ids;
  }
  return [];
}

/** Every rule that matches adds its function: "VP Sales & Marketing" is Sales and Marketing. */
const FUNCTION_RULES: [RegExp, string][] = [
  [/ (accountant|accounting|bookkeep\w*|controller|controlling|buchhalt\w*|audit\w*) /, '1'],
  [/ (administrative|receptionist|office manager|executive assistant|secretary) /, '2'],
  [/ (designer|design|art director|creative|ux|ui) /, '3'],
  [/ (business development|bdr|partnerships?|alliances) /, '4'],
  [/ (social worker|community|volunteer) /, '5'],
  [/ (consultant|consulting|berater) /, '6'],
  [/ (teacher|professor|lecturer|educat\w*|tutor) /, '7'],
  [/ (engineer\w*|engineering|developer|software|devops|sre|programmer|architect|cto|entwickler|ingenieur) /, '8'],
  [/ (founder|co ?founder|entrepreneur) /, '9'],
  [/ (finance|financial|cfo|treasur\w*|investor relations|fp a) /, '10'],
  [/ (nurse|physician|doctor|clinical|medical|pharmacist|therapist) /, '11'],
  [/ (hr|human resources|recruit\w*|talent|people|personal\w*|chro) /, '12'],
  [
    / (it|information technology|system administrator|sysadmin|network|infrastructure|helpdesk|cio|ciso|security) /,
    '13',
  ],
  [/ (legal|counsel|lawyer|attorney|paralegal|compliance|jurist\w*) /, '14'],
  [/ (marketing|cmo|brand|growth|seo|demand generation|content) /, '15'],
  [/ (communications?|pr|public relations|editor|journalist|media) /, '16'],
  [/ (military|police|security officer|army|navy) /, '17'],
  [/ (operations|coo|logistics|supply chain|production|plant) /, '18'],
  [/ (product manager|product owner|product management|cpo|head of product|vp product|product lead) /, '19'],
  [/ (project manager|program manager|programme manager|pmo|scrum master|projektleiter) /, '20'],
  [/ (purchasing|procurement|buyer|sourcing|einkauf\w*) /, '21'],
  [/ (quality|qa|tester|test engineer) /, '22'],
  [/ (real estate|property|realtor|facility) /, '23'],
  [/ (research\w*|scientist|r d) /, '24'],
  [/ (sales|account executive|account manager|cro|vertrieb\w*|ventes?|ventas) /, '25'],
  [/ (customer success|customer support|support|customer service|customer care|service desk) /, '26'],
];

export function inferFunctions(title: string | undefined): string[] {
  if (!title) return [];
  const folded = foldTitle(title);
  return FUNCTION_RULES.filter(([pattern]) => pattern.test(folded)).map(([, id]) => id);
}
