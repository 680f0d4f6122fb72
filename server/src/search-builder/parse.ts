/**
 * A plain-language description read into the filters a careful person would set, with no language
 * model: passes over the text, each claiming the characters it understands so that no word counts
 * twice. In order:
 *
 * 1. patterns with numbers or fixed wording (headcount ranges, years, revenue, followers, Fortune,
 *    profile language, the toggles such as "recently changed jobs");
 * 2. negation cues ("not", "excluding", "except", "without"…), each opening a scope to the end of
 *    its clause: what is understood inside it is excluded;
 * 3. phrases from the data files: places, company types, company-size words, industries;
 * 4. job titles, by a small grammar (modifiers and area words around a role noun: "Senior Data
 *    Engineer", "Head of Growth", "VP Sales", "CTO");
 * 5. functions and seniorities, and the industry words that need a company word next to them;
 * 6. what is left, minus filler words, becomes free-text keywords.
 */
import {
  CAPITALISED_GEOS,
  COMPANY_TYPE_PHRASES,
  COMPANY_TYPES,
  FOLLOWERS,
  FORTUNE,
  FUNCTION_PHRASES,
  fold,
  GEO_PHRASES,
  type Geo,
  HEADCOUNT,
  INDUSTRY_CONTEXTUAL,
  INDUSTRY_PLAIN,
  LANGUAGE_BY_NAME,
  REVENUE_MAXES,
  REVENUE_MINS,
  SENIORITY_GROUP_PHRASES,
  SENIORITY_PHRASES,
  seniority,
  stem,
  TITLE_ABBREVIATIONS,
  type Value,
  YEARS,
} from './lexicon.ts';

/** One understood value of a filter (types as the people search names them; build.ts maps them). */
export interface Pick {
  type: string;
  value: Value;
  excluded: boolean;
  /** Where in the description it was read: negation scopes are judged by it. */
  at: number;
}

/** A range filter (account searches): ANNUAL_REVENUE, COMPANY_HEADCOUNT_GROWTH, DEPARTMENT_HEADCOUNT. */
export interface RangePick {
  type: string;
  min?: number;
  max?: number;
  sub?: string;
  label: string;
  at: number;
}

export interface Understood {
  picks: Pick[];
  ranges: RangePick[];
  keywords: { text: string; excluded: boolean }[];
}

interface Token {
  /** Folded word, or a barrier (punctuation, a claimed stretch). */
  w: string;
  s: string;
  raw: string;
  start: number;
  end: number;
  barrier: boolean;
}

const COMPANY_WORDS = new Set(
  [
    'company',
    'companies',
    'firm',
    'business',
    'startup',
    'start',
    'scaleup',
    'scale',
    'agency',
    'agencies',
    'organization',
    'organisation',
    'org',
    'vendor',
    'provider',
    'brand',
    'player',
    'corporation',
    'industry',
    'sector',
    'space',
    'market',
    'shop',
    'house',
    'studio',
    'platform',
    'employer',
    'consultancy',
    'enterprise',
    'account',
    'manufacturer',
    'supplier',
    'institution',
    'giant',
    'unicorn',
    'vertical',
  ].map(stem),
);
const PERSON_WORDS = new Set(
  [
    'team',
    'department',
    'function',
    'people',
    'professional',
    'staff',
    'employee',
    'role',
    'folk',
    'side',
    'org',
    'practitioner',
    'personnel',
    'person',
    'expert',
    'specialist',
    'job',
    'position',
    'talent',
    'worker',
    'contact',
    'lead',
    'prospect',
    'profile',
    'hire',
  ].map(stem),
);
const LEADER_WORDS: Record<string, string[]> = {
  leader: ['220', '300', '310'],
  leadership: ['220', '300', '310'],
  head: ['220', '300', '310'],
  executive: ['300', '310'],
  exec: ['300', '310'],
  'decision maker': ['220', '300', '310', '320'],
  'decision-maker': ['220', '300', '310', '320'],
  director: ['220'],
  manager: ['210'],
  management: ['200', '210'],
  vp: ['300'],
  'vice president': ['300'],
};
/** Function words that, after "in", mean the function rather than an industry. */
const FUNCTION_FIRST = new Set(
  [
    'marketing',
    'sales',
    'finance',
    'hr',
    'human resources',
    'engineering',
    'operations',
    'product',
    'design',
    'it',
    'procurement',
    'purchasing',
    'customer success',
    'business development',
    'product management',
    'legal',
  ].map((p) => p.split(' ').map(stem).join(' ')),
);
/** Function phrases too vague to stand alone (they need "in …" or a person word). */
const WEAK_FUNCTIONS = new Set(
  [
    'people',
    'product',
    'tech',
    'technical',
    'development',
    'dev',
    'growth',
    'brand',
    'revenue',
    'commercial',
    'support',
    'training',
    'quality',
    'testing',
    'buying',
    'sourcing',
    'design',
    'creative',
    'medical',
    'clinical',
    'research',
    'education',
    'consulting',
    'real estate',
    'admin',
    'it',
    'infrastructure',
    'financial',
    'talent',
    'strategic',
    'administration',
    'administrative',
    'teaching',
    'ops',
    'logistics',
    'supply chain',
    'cx',
    'bd',
    'pr',
    'qa',
    'ux',
    'selling',
    'military',
    'nursing',
    'compliance',
    'accounting',
    'legal',
    'treasury',
    'partnerships',
    'communications',
    'gtm',
    'go to market',
    'entrepreneurial',
    'entrepreneurship',
    'recruiting',
    'recruitment',
  ].map((p) => p.split(' ').map(stem).join(' ')),
);

/** Nouns that end a job title. */
const ROLES = new Set(
  [
    'engineer',
    'developer',
    'programmer',
    'architect',
    'manager',
    'director',
    'head',
    'officer',
    'president',
    'vp',
    'svp',
    'evp',
    'avp',
    'analyst',
    'scientist',
    'designer',
    'consultant',
    'recruiter',
    'accountant',
    'controller',
    'comptroller',
    'executive',
    'representative',
    'rep',
    'specialist',
    'coordinator',
    'administrator',
    'counsel',
    'attorney',
    'lawyer',
    'paralegal',
    'founder',
    'cofounder',
    'owner',
    'partner',
    'strategist',
    'marketer',
    'buyer',
    'nurse',
    'physician',
    'pharmacist',
    'teacher',
    'professor',
    'lecturer',
    'researcher',
    'writer',
    'copywriter',
    'editor',
    'trainer',
    'agent',
    'broker',
    'advisor',
    'adviser',
    'associate',
    'assistant',
    'clerk',
    'technician',
    'tester',
    'master',
    'treasurer',
    'secretary',
    'supervisor',
    'auditor',
    'economist',
    'actuary',
    'underwriter',
    'planner',
    'banker',
    'trader',
    'evangelist',
    'advocate',
    'operator',
    'producer',
    'journalist',
    'recruiter',
    'lead',
    'generalist',
    'investor',
    'principal',
    'chair',
    'chairman',
    'chairwoman',
    'ceo',
    'cto',
    'cfo',
    'coo',
    'cmo',
    'cio',
    'cro',
    'cpo',
    'chro',
    'cso',
    'ciso',
    'cdo',
    'cco',
    'clo',
    'cao',
    'gc',
    'md',
    'gm',
    'sdr',
    'bdr',
    'ae',
    'csm',
    'pm',
    'tpm',
    'em',
    'swe',
    'sre',
    'hrbp',
    'ea',
    'cpa',
    'mgr',
    'dir',
  ].map(stem),
);
/** Words that may stand before a role noun in a title (modifiers and areas). */
const TITLE_WORDS = new Set(
  [
    'senior',
    'sr',
    'junior',
    'jr',
    'lead',
    'principal',
    'staff',
    'chief',
    'head',
    'associate',
    'assistant',
    'deputy',
    'global',
    'regional',
    'national',
    'international',
    'country',
    'area',
    'group',
    'general',
    'managing',
    'founding',
    'interim',
    'acting',
    'technical',
    'vice',
    'executive',
    'co',
    'software',
    'data',
    'machine',
    'learning',
    'ml',
    'ai',
    'backend',
    'back',
    'end',
    'frontend',
    'front',
    'full',
    'stack',
    'fullstack',
    'cloud',
    'security',
    'platform',
    'mobile',
    'ios',
    'android',
    'web',
    'account',
    'key',
    'customer',
    'success',
    'solutions',
    'solution',
    'sales',
    'field',
    'inside',
    'digital',
    'content',
    'brand',
    'performance',
    'demand',
    'generation',
    'growth',
    'product',
    'project',
    'program',
    'programme',
    'engineering',
    'it',
    'people',
    'talent',
    'acquisition',
    'hr',
    'human',
    'resources',
    'finance',
    'financial',
    'legal',
    'compliance',
    'risk',
    'procurement',
    'purchasing',
    'supply',
    'chain',
    'operations',
    'operating',
    'ops',
    'logistics',
    'business',
    'development',
    'research',
    'clinical',
    'medical',
    'ux',
    'ui',
    'graphic',
    'creative',
    'partnerships',
    'partnership',
    'channel',
    'alliance',
    'alliances',
    'revenue',
    'marketing',
    'communications',
    'communication',
    'pr',
    'social',
    'media',
    'seo',
    'community',
    'office',
    'site',
    'reliability',
    'network',
    'systems',
    'system',
    'infrastructure',
    'devops',
    'qa',
    'quality',
    'assurance',
    'test',
    'automation',
    'analytics',
    'insights',
    'strategy',
    'strategic',
    'innovation',
    'transformation',
    'ecommerce',
    'commerce',
    'e',
    'retail',
    'store',
    'plant',
    'manufacturing',
    'production',
    'design',
    'technology',
    'information',
    'informatics',
    'commercial',
    'enterprise',
    'mid',
    'market',
    'smb',
    'territory',
    'district',
    'branch',
    'tax',
    'audit',
    'treasury',
    'payroll',
    'benefits',
    'compensation',
    'recruiting',
    'recruitment',
    'learning',
    'training',
    'education',
    'events',
    'event',
    'facilities',
    'property',
    'real',
    'estate',
    'investment',
    'investor',
    'relations',
    'corporate',
    'accounts',
    'payable',
    'receivable',
    'support',
    'service',
    'services',
    'experience',
    'client',
    'portfolio',
    'fp&a',
    'revops',
    'gtm',
    'pricing',
    'privacy',
    'scrum',
    'agile',
    'delivery',
    'release',
    'embedded',
    'hardware',
    'electrical',
    'mechanical',
    'civil',
    'process',
    'industrial',
    'quantitative',
    'quant',
    'research',
    'nurse',
    'registered',
    'people',
    'workplace',
    'culture',
    'diversity',
    'engagement',
    'partner',
    'procurement',
    'sourcing',
    'category',
    'inventory',
    'warehouse',
    'fleet',
    'vp',
    'svp',
    'evp',
    'avp',
    'cto',
    'cmo',
    'ceo',
    'cfo',
    'coo',
    'cio',
    'cro',
    'cpo',
    'ciso',
    'sdr',
    'bdr',
    'sr',
    'jr',
    'mktg',
    'eng',
    'mgr',
    'dir',
  ].map(stem),
);
/** Roles that are a seniority when they stand alone ("directors", "VPs", "owners"). */
const SENIORITY_ROLES: Record<string, string[]> = {
  director: ['220'],
  manager: ['210'],
  vp: ['300'],
  svp: ['300'],
  evp: ['300'],
  owner: ['320'],
  partner: ['320'],
  executive: ['300', '310'],
  head: ['220', '300', '310'],
  principal: ['130'],
  associate: ['110'],
  lead: ['200'],
};
/** Roles that take "of …" after them ("Head of Growth", "Director of Engineering"). */
const OF_ROLES = new Set(
  ['head', 'director', 'vp', 'svp', 'evp', 'avp', 'president', 'manager', 'officer', 'lead', 'chief'].map(stem),
);
/** Roles that take an area straight after them ("VP Sales", "Head Growth"). */
const DIRECT_ROLES = new Set(['vp', 'svp', 'evp', 'avp'].map(stem));
/** Abbreviations that stand for a word, not a whole title. */
const WORD_ABBREVIATIONS: Record<string, string> = {
  sr: 'Senior',
  jr: 'Junior',
  mgr: 'Manager',
  dir: 'Director',
  eng: 'Engineering',
  mktg: 'Marketing',
};
const UPPER_WORDS = new Set([
  'vp',
  'svp',
  'evp',
  'avp',
  'it',
  'hr',
  'ux',
  'ui',
  'qa',
  'seo',
  'ai',
  'ml',
  'pr',
  'ios',
  'smb',
  'gtm',
  'cpa',
  'fp&a',
  'sdr',
  'bdr',
  'ae',
  'csm',
  'pm',
  'tpm',
  'em',
  'swe',
  'sre',
  'hrbp',
  'ea',
  'gc',
  'md',
  'gm',
  ...Object.keys(TITLE_ABBREVIATIONS).filter((k) => /^c[a-z]{1,3}o$/.test(k)),
]);

const STOPWORDS = new Set(
  `a an the and or & / + of for to in on at by from with within into across around over under than as is are be been being
  am was were who whom whose that which what where when while whether this these those there here it its they them their theirs
  i me my we us our you your he she his her any all some only just also both either each every such like e.g eg etc
  please find show get give list search want need needs looking look seeking seek target targeting targets reach contact
  contacts prospect prospects lead leads people person persons profile profiles folks individuals individual someone anyone
  company companies firm firms business businesses organization organizations organisation organisations org orgs
  employee employees staff working work works worked employed based located living live lives headquartered hq headquarters
  currently current now today presently mainly mostly primarily especially ideally preferably roughly approximately about
  more less most least many much few several other others else another same different new old
  do does did doing done have has had having can could should would will may might must
  role roles position positions job jobs title titles level levels team teams department departments function functions
  industry industries sector sectors space vertical verticals market markets region regions area areas country countries
  city cities location locations size sized headcount people year years experience
  not no excluding exclude excludes except without other than besides minus never nor but
  holding hold holds titled called named known
  great top best leading big small large key main major
  former formerly ex previously recently recent lately member members
  kind kinds type types sort startup startups start up ups scaleup scaleups scale vendor vendors
  using use uses used focused focus focusing specializing specialising specialized specialised selling sell sells
  offering offer offers building build builds making make makes providing serving serve serves
  provider providers brand brands corporation corporations enterprise enterprises player players shop shops`
    .split(/\s+/)
    .filter((w) => w !== '')
    .map(fold),
);

const NEGATION =
  /\b(?:not|excluding|exclude|excludes|except(?: for)?|other than|apart from|aside from|no|without|minus|leaving out|omitting|never|nor|[a-z]+n't)\b/g;
const SCOPE_END =
  /[.;!?()]|\b(?:but|who|whom|whose|that|which|with|having|based|located|working|while|where)\b|,\s*(?=(?:at|in|from|on|and|who|with|based|located|working)\b)/g;

/** Reads a description. */
export function understand(description: string): Understood {
  return new Reader(description).read();
}

class Reader {
  readonly folded: string;
  readonly taken: Uint8Array;
  readonly picks: Pick[] = [];
  readonly ranges: RangePick[] = [];
  private scopes: [number, number][] = [];

  constructor(readonly text: string) {
    this.folded = fold(text);
    this.taken = new Uint8Array(text.length);
  }

  read(): Understood {
    this.patterns();
    this.negations();
    const tokens = this.tokens();
    this.phrases(tokens);
    this.titles(tokens);
    this.functionsAndSeniorities(tokens);
    this.companies(tokens);
    this.cutScopes();
    const keywords = this.leftovers(tokens);
    for (const p of this.picks) p.excluded = this.inScope(p.at);
    return { picks: this.picks, ranges: this.ranges, keywords };
  }

  // -- helpers -----------------------------------------------------------------------------------

  private free(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.taken[i]) return false;
    return true;
  }
  private take(start: number, end: number): void {
    this.taken.fill(1, start, end);
  }
  private pick(type: string, value: Value, at: number): void {
    this.picks.push({ type, value, excluded: false, at });
  }
  /**
   * A scope runs over one kind of thing: "not juniors, German speaking" excludes the juniors only.
   * It ends before the first value of another filter type than the first one it holds.
   */
  private cutScopes(): void {
    const family = (type: string) => (type === 'COMPANY_HEADQUARTERS' ? 'REGION' : type);
    this.scopes = this.scopes.map(([s, e]) => {
      const inside = this.picks.filter((p) => p.at >= s && p.at < e).sort((a, b) => a.at - b.at);
      const first = inside[0];
      const other = first && inside.find((p) => family(p.type) !== family(first.type));
      return [s, other ? other.at : e] as [number, number];
    });
  }

  private inScope(at: number): boolean {
    return this.scopes.some(([s, e]) => at >= s && at < e);
  }

  /** Each match of `re` (on the folded text) over free characters; `fn` returns false to leave it. */
  private scan(re: RegExp, fn: (m: RegExpExecArray) => unknown): void {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (let m = global.exec(this.folded); m; m = global.exec(this.folded)) {
      if (m[0] === '') {
        global.lastIndex++;
        continue;
      }
      if (!this.free(m.index, m.index + m[0].length)) continue;
      if (fn(m) !== false) this.take(m.index, m.index + m[0].length);
    }
  }

  // -- 1. patterns -------------------------------------------------------------------------------

  private patterns(): void {
    const NUM = String.raw`(\d[\d,.]*\s*(?:k|m|mm|bn|b|million|billion|thousand)?)`;
    const HC = String.raw`(?:employees?|people|staff|headcount|workers|ftes?|persons|heads|members|emp)\b`;
    const MORE = String.raw`(?:more than|over|above|greater than|at least|minimum of|min\.?|bigger than|larger than|north of|upwards of|>=?|no less than|no fewer than|not less than|not fewer than)`;
    const LESS = String.raw`(?:fewer than|less than|under|below|up to|at most|maximum of|max\.?|smaller than|<=?|no more than|not more than|not over)`;
    const strict = (word: string) =>
      !/at least|minimum|min|>=|<=|up to|at most|maximum|max|no less|no fewer|not less|not fewer|no more|not more|not over/.test(
        word,
      );

    // Years (before headcount: "10+ years" is not a headcount).
    const YU = '(?:years?|yrs?)';
    const yearsCtx = (after: string, before: string): string => {
      if (
        /^\s*(?:of\s+)?(?:(?:professional|work|working|industry|relevant|total|overall|sales|leadership)\s+)?(?:experience|exp)\b/.test(
          after,
        )
      )
        return 'YEARS_OF_EXPERIENCE';
      if (
        /^\s*(?:in|within)\s+(?:(?:the|their|his|her)\s+)?(?:(?:current|present)\s+)?(?:role|position|job|seat|post|title)\b/.test(
          after,
        )
      )
        return 'YEARS_IN_CURRENT_POSITION';
      if (
        /^\s*(?:at|with|in)\s+(?:(?:the|their|his|her)\s+)?(?:(?:current|present)\s+)?(?:company|employer|organi[sz]ation|firm|business|org)\b/.test(
          after,
        )
      )
        return 'YEARS_AT_CURRENT_COMPANY';
      if (/^\s*(?:of\s+)?tenure\b/.test(after) || /\btenure\s+(?:of\s+)?$/.test(before))
        return 'YEARS_AT_CURRENT_COMPANY';
      if (/\b(?:in|within)\s+(?:(?:their|the)\s+)?(?:current\s+)?(?:role|position)\s+(?:for\s+)?$/.test(before))
        return 'YEARS_IN_CURRENT_POSITION';
      if (/\b(?:at|with)\s+(?:(?:their|the)\s+)?(?:current\s+)?(?:company|employer)\s+(?:for\s+)?$/.test(before))
        return 'YEARS_AT_CURRENT_COMPANY';
      return 'YEARS_OF_EXPERIENCE';
    };
    const years = (m: RegExpExecArray, min: number, max: number) => {
      const end = m.index + m[0].length;
      const after = this.folded.slice(end, end + 60);
      const before = this.folded.slice(Math.max(0, m.index - 50), m.index);
      const type = yearsCtx(after, before);
      const tail =
        /^\s*(?:of\s+)?(?:(?:professional|work|working|industry|relevant|total|overall|sales|leadership)\s+)?(?:experience|exp)\b|^\s*(?:in|within|at|with)\s+(?:(?:the|their|his|her)\s+)?(?:(?:current|present)\s+)?(?:role|position|job|seat|post|title|company|employer|organi[sz]ation|firm|business|org)\b|^\s*(?:of\s+)?tenure\b/.exec(
          after,
        );
      if (tail) this.take(end, end + tail[0].length);
      for (const b of YEARS)
        if (overlapShare(min, max, b.min, b.max) >= 0.5) this.pick(type, { id: b.id, label: b.label }, m.index);
    };
    this.scan(new RegExp(String.raw`\b(?:between\s+)?(\d+)\s*(?:-|–|to|and)\s*(\d+)\s*\+?\s*${YU}\b`), (m) =>
      years(m, Number(m[1]), Number(m[2])),
    );
    this.scan(new RegExp(String.raw`${MORE}\s+(\d+)\s*\+?\s*${YU}\b`), (m) => {
      const n = Number(m[1]);
      years(m, strict(m[0]) ? n + 1 : n, Number.POSITIVE_INFINITY);
    });
    this.scan(new RegExp(String.raw`${LESS}\s+(\d+|a|one)\s*${YU}\b`), (m) => {
      const n = /^\d/.test(m[1] ?? '') ? Number(m[1]) : 1;
      years(m, 0, strict(m[0]) ? n - 1 : n);
    });
    this.scan(/\b(?:less than|under|below|within) (?:a|one|1) year\b|\b(?:a|one) year or less\b/, (m) =>
      years(m, 0, 0),
    );
    this.scan(new RegExp(String.raw`\b(\d+)\s*(?:\+|plus|or more)\s*${YU}\b`), (m) =>
      years(m, Number(m[1]), Number.POSITIVE_INFINITY),
    );
    this.scan(/\b(?:over|more than) (?:a|one) decade\b|\ba decade(?: or more)?\b/, (m) =>
      years(m, 11, Number.POSITIVE_INFINITY),
    );
    this.scan(new RegExp(String.raw`\b(\d+)\s*${YU}\b`), (m) => {
      const n = Number(m[1]);
      years(m, n, n);
    });

    // Company headcount, by numbers.
    const headcount = (at: number, min: number, max: number) => {
      for (const b of HEADCOUNT)
        if (overlapShare(min, max, b.min, b.max, true) > 0)
          this.pick('COMPANY_HEADCOUNT', { id: b.id, label: b.label }, at);
    };
    const hcPrefix = String.raw`(?:(?:headcount|company size|team size|size)\s*(?:of|between|:|is)?\s*)?`;
    this.scan(new RegExp(String.raw`${hcPrefix}\b(?:between\s+)?${NUM}\s*(?:-|–|to|and)\s*${NUM}\s*\+?\s*${HC}`), (m) =>
      headcount(m.index, num(m[1]), num(m[2])),
    );
    this.scan(
      new RegExp(
        String.raw`\b(?:headcount|company size|size)\s*(?:of|between|:|is)?\s*${NUM}\s*(?:-|–|to|and)\s*${NUM}`,
      ),
      (m) => headcount(m.index, num(m[1]), num(m[2])),
    );
    this.scan(new RegExp(String.raw`${MORE}\s+${NUM}\s*\+?\s*${HC}`), (m) => {
      const n = num(m[1]);
      headcount(m.index, strict(m[0]) ? n + 1 : n, Number.POSITIVE_INFINITY);
    });
    this.scan(new RegExp(String.raw`${LESS}\s+${NUM}\s*${HC}`), (m) => {
      const n = num(m[1]);
      headcount(m.index, 1, strict(m[0]) ? n - 1 : n);
    });
    this.scan(new RegExp(String.raw`\b${NUM}\s*(?:\+|plus|or more)\s*${HC}`), (m) =>
      headcount(m.index, num(m[1]), Number.POSITIVE_INFINITY),
    );
    this.scan(new RegExp(String.raw`\b(?:headcount|company size|size)\s*(?:of|:|is)?\s*${MORE}\s*${NUM}`), (m) => {
      const n = num(m[2]);
      headcount(m.index, strict(m[1] ?? '') ? n + 1 : n, Number.POSITIVE_INFINITY);
    });
    // "companies with more than 1000", "startups under 50" (no unit after a company word)
    this.scan(
      new RegExp(
        String.raw`\b(?:compan(?:y|ies)|firms?|businesses|organi[sz]ations?|startups?|employers?)\s+(?:with|of|having|that have|sized)?\s*(${MORE}|${LESS})\s+${NUM}(?!\s*(?:%|percent|years?|yrs?|followers|million|billion|[$€£]|m\b|bn\b|k\b|in revenue|revenue))`,
      ),
      (m) => {
        const n = num(m[2]);
        const more = new RegExp(`^${MORE}$`).test(m[1] ?? '');
        const at = m.index + m[0].indexOf(m[1] ?? '');
        if (more) headcount(at, strict(m[1] ?? '') ? n + 1 : n, Number.POSITIVE_INFINITY);
        else headcount(at, 1, strict(m[1] ?? '') ? n - 1 : n);
        const word = /^\S+/.exec(m[0])?.[0] ?? '';
        this.take(m.index + word.length, m.index + m[0].length);
        return false;
      },
    );
    this.scan(
      new RegExp(
        String.raw`\b(?:compan(?:y|ies)|firms?|businesses|startups?)\s+(?:with|of)\s+${NUM}\s*(?:-|–|to)\s*${NUM}(?!\s*(?:%|years?|followers|million|[$€£]|m\b))`,
      ),
      (m) => {
        const word = /^\S+/.exec(m[0])?.[0] ?? '';
        headcount(m.index + word.length, num(m[1]), num(m[2]));
        this.take(m.index + word.length, m.index + m[0].length);
        return false;
      },
    );
    this.scan(new RegExp(String.raw`\b${NUM}\s*${HC}`), (m) => {
      const n = num(m[1]);
      headcount(m.index, n, n);
    });

    // Company headcount, by words.
    const SIZE_WORDS: [RegExp, string[]][] = [
      [/\b(?:very small|tiny|micro)[- ](?:companies|businesses|firms|startups)\b/, ['B']],
      [/\bearly[- ]stage (?:startups?|companies)\b/, ['B', 'C']],
      [
        /\b(?:small and medium(?:[- ]sized?)?|small to medium(?:[- ]sized?)?|small and mid[- ]?sized?|small to mid[- ]?sized?) (?:businesses|companies|enterprises|firms)\b|\bsm[be]s?\b/,
        ['B', 'C', 'D', 'E'],
      ],
      [
        /\bsmall(?:er)?(?:[- ]sized?)? (?:companies|businesses|firms|startups|teams|organi[sz]ations|agencies)\b|\bsmall businesses\b/,
        ['B', 'C'],
      ],
      [
        /\b(?:mid|medium)[- ]?(?:size|sized)\b|\bmid[- ]?market\b|\bmedium (?:companies|businesses|firms)\b/,
        ['E', 'F'],
      ],
      [
        /\b(?:large|big|larger|major) (?:enterprises|companies|corporations|businesses|firms|organi[sz]ations|employers|corporates)\b/,
        ['G', 'H', 'I'],
      ],
      [
        /\benterprises?(?: (?:companies|accounts|clients|customers|organi[sz]ations|businesses|level))?\b|\bmultinationals?\b|\bcorporates\b/,
        ['G', 'H', 'I'],
      ],
      [/(?<!early[- ]stage )\bstart-?ups?\b|\byoung companies\b/, ['B', 'C', 'D']],
      [/\bscale-?ups?\b/, ['D', 'E', 'F']],
    ];
    for (const [re, ids] of SIZE_WORDS) {
      this.scan(re, (m) => {
        for (const id of ids) {
          const b = HEADCOUNT.find((h) => h.id === id);
          if (b) this.pick('COMPANY_HEADCOUNT', { id: b.id, label: b.label }, m.index);
        }
        // The company noun stays free for "fintech startups" (industry context) to see.
        const noun =
          /\b(?:companies|businesses|firms|startups?|start-ups?|corporations|enterprises|organi[sz]ations|employers|corporates|teams|agencies)$/.exec(
            m[0],
          );
        if (noun && m[0].length > noun[0].length) {
          this.take(m.index, m.index + m[0].length - noun[0].length);
          return false;
        }
        return undefined;
      });
    }

    // Annual revenue (account searches).
    const MONEY = String.raw`([$€£])?\s*(\d+(?:[.,]\d+)?)\s*(k|m|mm|million|b|bn|billion)?\s*(usd|eur|gbp|dollars|euros|pounds)?`;
    const REV = String.raw`(?:annual\s+)?(?:revenue|revenues|turnover|arr|sales)`;
    const revenue = (m: RegExpExecArray, lo: number | undefined, hi: number | undefined, currency: string) => {
      const min = lo === undefined ? undefined : ([...REVENUE_MINS].reverse().find((b) => b <= lo) ?? 0);
      const max = hi === undefined ? undefined : (REVENUE_MAXES.find((b) => b >= hi) ?? 1001);
      const label = `${currency} ${min ?? 0}M–${max === undefined || max >= 1001 ? '1000M+' : `${max}M`}`;
      this.ranges.push({
        type: 'ANNUAL_REVENUE',
        ...(min !== undefined && { min }),
        ...(max !== undefined && { max }),
        sub: currency,
        label,
        at: m.index,
      });
    };
    const millions = (n: string | undefined, unit: string | undefined) => {
      const x = Number((n ?? '0').replace(',', '.'));
      const u = (unit ?? 'm').toLowerCase();
      return u === 'b' || u === 'bn' || u === 'billion' ? x * 1000 : u === 'k' ? x / 1000 : x;
    };
    const currencyOf = (...marks: (string | undefined)[]) => {
      const all = marks.join(' ');
      if (/€|eur/.test(all)) return 'EUR';
      if (/£|gbp|pound/.test(all)) return 'GBP';
      return 'USD';
    };
    this.scan(
      new RegExp(
        String.raw`(?:${REV}\s*(?:of|between|from)?\s*)?${MONEY}\s*(?:-|–|to|and)\s*${MONEY}\s*(?:in\s+)?${REV}?`,
      ),
      (m) => {
        if (!/revenue|turnover|arr|sales/.test(m[0]) || !(m[3] || m[7] || m[1] || m[5])) return false;
        revenue(m, millions(m[2], m[3] ?? m[7]), millions(m[6], m[7]), currencyOf(m[1], m[4], m[5], m[8]));
        return undefined;
      },
    );
    this.scan(
      new RegExp(String.raw`(?:${REV}\s*(?:of|is|:)?\s*)?(${MORE}|${LESS})\s*${MONEY}\s*\+?\s*(?:in\s+)?(?:${REV})?`),
      (m) => {
        if (!/revenue|turnover|arr|sales/.test(m[0]) || !(m[2] || m[4])) return false;
        const x = millions(m[3], m[4]);
        if (new RegExp(`^${MORE}$`).test(m[1] ?? '')) revenue(m, x, undefined, currencyOf(m[2], m[5]));
        else revenue(m, undefined, x, currencyOf(m[2], m[5]));
        return undefined;
      },
    );
    this.scan(new RegExp(String.raw`${MONEY}\s*\+\s*(?:in\s+)?${REV}`), (m) => {
      revenue(m, millions(m[2], m[3]), undefined, currencyOf(m[1], m[4]));
    });

    // Headcount growth, followers, Fortune (account searches).
    this.scan(
      /\b(?:headcount|employee|team)?\s*growth\s*(?:of\s+)?(?:over|above|more than|at least|>)?\s*(\d+)\s*%\+?|\bgr(?:ew|owing|owth)\s+(?:headcount\s+)?(?:by\s+)?(?:over|more than|at least)?\s*(\d+)\s*%\+?/,
      (m) => {
        const min = Number(m[1] ?? m[2]);
        this.ranges.push({ type: 'COMPANY_HEADCOUNT_GROWTH', min, label: `${min}%+`, at: m.index });
      },
    );
    this.scan(
      /\b(?:fast|rapidly|quickly)[- ]growing\b|\bhigh[- ]growth\b|\bhyper[- ]?growth\b|\bgrowing (?:fast|quickly|rapidly)\b/,
      (m) => {
        this.ranges.push({ type: 'COMPANY_HEADCOUNT_GROWTH', min: 20, label: '20%+', at: m.index });
      },
    );
    this.scan(new RegExp(String.raw`(?:${MORE}\s*)?${NUM}\s*(\+)?\s*(?:linkedin\s+)?followers`), (m) => {
      const n = num(m[1]);
      const open = !!m[2] || /^(?:more|over|above|greater|at least|min|bigger|larger|north|upwards|>)/.test(m[0]);
      for (const b of FOLLOWERS)
        if (overlapShare(open ? n : n, open ? Number.POSITIVE_INFINITY : n, b.min, b.max, true) > 0)
          this.pick('NUM_OF_FOLLOWERS', { id: b.id, label: b.label }, m.index);
    });
    this.scan(/\bfortune\s*(50|100|250|500|1000)\b/, (m) => {
      const top = Number(m[1]);
      for (const b of FORTUNE) if (b.max <= top) this.pick('FORTUNE', { id: b.id, label: b.label }, m.index);
    });
    this.scan(
      /\b(?:(?:that|which|who)\s+(?:are|is)\s+)?(?:currently|actively)?\s*hiring(?:\s+on\s+linkedin)?\b|\bwith (?:open )?(?:job (?:openings|postings|opportunities)|open (?:roles|positions|jobs))\b|\bjob opportunities\b/,
      (m) => {
        this.pick('JOB_OPPORTUNITIES', { id: 'JO1', label: 'Hiring on Linkedin' }, m.index);
      },
    );
    this.scan(
      /\b(?:(?:that|which|who)\s+(?:have\s+)?)?(?:recently\s+)?(?:raised|closed|secured|announced)\s+(?:a\s+|their\s+|new\s+)*(?:funding|round|money|capital|series [a-e]|seed(?: round)?|investment)\b(?:\s+(?:round|in the (?:past|last) (?:12 months|year)))?|\b(?:recent(?:ly)?|newly)[- ](?:funded|raised)\b|\bfunding (?:events? |rounds? )?in the (?:past|last) (?:12 months|year)\b|\b(?:recent|new) funding(?: rounds?)?\b|\bwith funding\b|\bfunded\b/,
      (m) => {
        this.pick('ACCOUNT_ACTIVITIES', { id: 'RFE', label: 'Funding events in past 12 months' }, m.index);
      },
    );
    this.scan(
      /\b(?:senior |executive )?leadership changes?\b|\bnew (?:leadership|executives|management|ceo|cto|cfo)\b|\bexecutive changes?\b|\bc-?suite changes?\b/,
      (m) => {
        this.pick('ACCOUNT_ACTIVITIES', { id: 'SLC', label: 'Senior leadership changes in last 3 months' }, m.index);
      },
    );

    // Profile language.
    const LANG = [...LANGUAGE_BY_NAME.keys()].join('|');
    this.scan(
      new RegExp(
        String.raw`\b(?:who\s+)?(?:speak(?:s|ing)?|speakers? of|fluent in|profiles?\s+(?:written\s+)?in|profile language(?:\s+is|\s+of|:)?|(?:written|writing|write)\s+in|language:?)\s+((?:${LANG})(?:\s*(?:,|and|or|/)\s*(?:${LANG}))*)(?:\s+profiles?)?`,
      ),
      (m) => {
        for (const w of (m[1] ?? '').split(/\s*(?:,|and|or|\/)\s*/)) {
          const lang = LANGUAGE_BY_NAME.get(w.trim());
          if (lang) this.pick('PROFILE_LANGUAGE', lang, m.index);
        }
      },
    );
    this.scan(
      new RegExp(String.raw`\b(${LANG})(?:[- ]speaking|[- ]speakers?|[- ]language(?: profiles?)?| profiles?)\b`),
      (m) => {
        const lang = LANGUAGE_BY_NAME.get(m[1] ?? '');
        if (lang) this.pick('PROFILE_LANGUAGE', lang, m.index);
      },
    );

    // Toggles (people searches).
    this.scan(
      /\b(?:who\s+)?(?:have\s+)?(?:recently|just|newly)?\s*(?:changed|switched|moved|started|taken|took|began|landed)\s+(?:a\s+)?(?:new\s+)?(?:jobs?|roles?|companies|positions?|employers?)\b(?:\s+(?:recently|in the (?:last|past) (?:90 days|3 months|three months|quarter)))?|\bjob[- ]changers?\b|\b(?:new|recent) in (?:their )?(?:role|position|job)\b|\b(?:new|recent) (?:job|role|position) changes?\b|\b(?:recently|newly) (?:hired|joined|appointed|promoted|started)\b|\bnew hires\b|\bin (?:a|their) new (?:role|job|position)\b|\b(?:recent|new) joiners?\b/,
      (m) => {
        this.pick('RECENTLY_CHANGED_JOBS', { id: 'RPC', label: 'Changed jobs in last 90 days' }, m.index);
      },
    );
    this.scan(
      /\b(?:who\s+)?(?:have\s+)?(?:recently\s+|actively\s+)?(?:posted|post|posts|posting|active|shared|sharing|publish(?:ed|ing)?)\s+(?:recently\s+|content\s+|regularly\s+)?(?:on|to)\s+linkedin\b(?:\s+(?:recently|in the (?:last|past) (?:30 days|month)))?|\b(?:posted|posting) (?:recently|in the (?:last|past) (?:30 days|month))\b|\b(?:recently|actively) post(?:ed|ing)\b|\bactive (?:posters?|on linkedin)\b|\b(?:linkedin )?posters\b|\bwho post\b/,
      (m) => {
        this.pick('POSTED_ON_LINKEDIN', { id: 'RPOL', label: 'Posted on LinkedIn in past 30 days' }, m.index);
      },
    );
    this.scan(
      /\b(?:who\s+)?(?:follow|follows|following)\s+(?:our|my)\s+(?:company|page|company page)\b|\bfollowers of (?:our|my) company\b/,
      (m) => {
        this.pick('FOLLOWS_YOUR_COMPANY', { id: 'CF', label: 'Following your company' }, m.index);
      },
    );
    this.scan(
      /\b(?:who\s+)?(?:have\s+)?(?:viewed|visited|looked at)\s+(?:my|our)\s+profile\b|\bprofile viewers\b/,
      (m) => {
        this.pick('VIEWED_YOUR_PROFILE', { id: 'VYP', label: 'Viewed your profile recently' }, m.index);
      },
    );
    this.scan(
      /\b(?:1st|first)[- ]degree(?: connections?)?\b|\bmy (?:direct )?connections\b|\bconnected (?:to|with) me\b/,
      (m) => {
        this.pick('RELATIONSHIP', { id: 'F', label: '1st degree connections' }, m.index);
      },
    );
    this.scan(/\b(?:2nd|second)[- ]degree(?: connections?)?\b/, (m) => {
      this.pick('RELATIONSHIP', { id: 'S', label: '2nd degree connections' }, m.index);
    });
    this.scan(
      /\b(?:3rd|third)[- ]degree(?:\+| or more| and beyond)?(?: connections?)?\b|\bout of (?:my )?network\b/,
      (m) => {
        this.pick('RELATIONSHIP', { id: 'O', label: '3rd degree connections' }, m.index);
      },
    );
    this.scan(/\b(?:past|former|ex)[- ]colleagues\b|\bworked with me\b/, (m) => {
      this.pick('PAST_COLLEAGUE', { id: 'PC', label: 'Past colleague' }, m.index);
    });
  }

  // -- 2. negation -------------------------------------------------------------------------------

  private negations(): void {
    const ends: number[] = [];
    const endRe = new RegExp(SCOPE_END.source, 'g');
    for (let m = endRe.exec(this.folded); m; m = endRe.exec(this.folded)) ends.push(m.index);
    const cueRe = new RegExp(NEGATION.source, 'g');
    for (let m = cueRe.exec(this.folded); m; m = cueRe.exec(this.folded)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!this.free(start, end)) continue;
      // "non-profit", "no." are not negations; a cue inside a word was never one.
      if (/^no$/.test(m[0]) && /^\s*\.?\s*\d/.test(this.folded.slice(end, end + 4))) continue;
      let stop = ends.find((e) => e >= end && !(this.folded.slice(e, e + 7) === 'but not')) ?? this.folded.length;
      // "not at agencies in New York": the place after the excluded thing is not excluded.
      const prepRe = /\s(?:in|at|from|for)\s/g;
      const scope = this.folded.slice(end, stop);
      for (let p = prepRe.exec(scope); p; p = prepRe.exec(scope)) {
        const before = scope
          .slice(0, p.index)
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w !== '');
        if (before.some((w) => !STOPWORDS.has(w) && !STOPWORDS.has(stem(w)))) {
          stop = end + p.index;
          break;
        }
      }
      this.scopes.push([end, stop]);
      this.take(start, end);
    }
  }

  // -- tokens ------------------------------------------------------------------------------------

  private tokens(): Token[] {
    const out: Token[] = [];
    const re = /[\p{L}\p{N}]+(?:[&'+.][\p{L}\p{N}]+)*|[.,;:!?()]|&/gu;
    let last = 0;
    for (let m = re.exec(this.folded); m; m = re.exec(this.folded)) {
      const start = m.index;
      const end = start + m[0].length;
      const gap = this.folded.slice(last, start);
      if (!this.free(last, start) || /[.,;:!?()]/.test(gap)) out.push(barrier(last));
      last = end;
      if (!this.free(start, end)) {
        if (out.at(-1)?.barrier !== true) out.push(barrier(start));
        continue;
      }
      const w = m[0];
      if (/^[.,;:!?()]$/.test(w)) {
        out.push(barrier(start));
        continue;
      }
      out.push({ w, s: stem(w), raw: this.text.slice(start, end), start, end, barrier: false });
    }
    return out;
  }

  /** The longest phrase of `map` starting at token i: its length in tokens and its values. */
  private match<V>(tokens: Token[], i: number, map: Map<string, V>, max = 6): { n: number; value: V } | undefined {
    for (let n = Math.min(max, tokens.length - i); n >= 1; n--) {
      const run = tokens.slice(i, i + n);
      if (run.some((t) => t.barrier || this.taken[t.start])) continue;
      const value = map.get(run.map((t) => t.s).join(' '));
      if (value !== undefined) return { n, value };
    }
    return undefined;
  }

  private claim(tokens: Token[], i: number, n: number): void {
    for (const t of tokens.slice(i, i + n)) this.take(t.start, t.end);
  }

  private isFree(t: Token | undefined): t is Token {
    return !!t && !t.barrier && !this.taken[t.start];
  }

  // -- 3. phrases --------------------------------------------------------------------------------

  private phrases(tokens: Token[]): void {
    // Multi-word seniority phrases first: "C-level executives", "team leads", "decision makers".
    for (let i = 0; i < tokens.length; i++) {
      const grp = this.match(tokens, i, SENIORITY_GROUP_PHRASES);
      const one = this.match(tokens, i, SENIORITY_PHRASES);
      const best =
        grp && (!one || grp.n >= one.n)
          ? { n: grp.n, values: grp.value }
          : one
            ? { n: one.n, values: [one.value] }
            : undefined;
      if (!best || best.n < 2) continue;
      for (const v of best.values) this.pick('SENIORITY_LEVEL', v, tokens[i]?.start ?? 0);
      this.claim(tokens, i, best.n);
      i += best.n - 1;
    }
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!this.isFree(t)) continue;
      const geo = this.match(tokens, i, GEO_PHRASES);
      const type = this.match(tokens, i, COMPANY_TYPE_PHRASES);
      const ind = this.match(tokens, i, INDUSTRY_PLAIN);
      const lengths = [geo?.n ?? 0, type?.n ?? 0, ind?.n ?? 0];
      const n = Math.max(...lengths);
      if (n === 0) continue;
      if (geo && geo.n === n) {
        const run = tokens.slice(i, i + n);
        const key = run.map((r) => r.w).join(' ');
        const capitalised = run.every((r) => /^\p{Lu}/u.test(r.raw));
        const upper = run.every((r) => r.raw === r.raw.toUpperCase());
        if (CAPITALISED_GEOS.has(key) && !(capitalised && (key.length > 3 || upper))) continue;
        const hq = this.isHeadquarters(t.start, run.at(-1)?.end ?? t.end);
        for (const g of geo.value) this.pick(hq ? 'COMPANY_HEADQUARTERS' : 'REGION', geoValue(g), t.start);
      } else if (type && type.n === n) {
        this.pick('COMPANY_TYPE', type.value, t.start);
      } else if (ind) {
        const run = tokens.slice(i, i + n);
        const after = tokens[i + n];
        if (run.every((r) => TITLE_WORDS.has(r.s)) && this.isFree(after) && ROLES.has(after.s)) continue;
        for (const v of ind.value) this.pick('INDUSTRY', v, t.start);
        if (this.isFree(after) && COMPANY_WORDS.has(after.s)) this.claim(tokens, i + n, 1);
      }
      this.claim(tokens, i, n);
      i += n - 1;
    }
  }

  /** Whether a place names where the company is rather than where the person is. */
  private isHeadquarters(start: number, end: number): boolean {
    const before = this.folded.slice(Math.max(0, start - 60), start);
    const after = this.folded.slice(end, end + 50);
    if (
      /\b(?:headquartered|headquarters|hq|hq'd|head office|head-office|hqs)\s*(?:(?:is|are)\s+)?(?:in|at)?\s*(?:the\s+)?$/.test(
        before,
      )
    )
      return true;
    if (
      /\b(?:compan(?:y|ies)|firms?|startups?|businesses|organi[sz]ations?|employers?|brands?)\s+(?:(?:that|which)\s+(?:are|is)\s+)?(?:based|located|headquartered|hq'd|from)\s+(?:in|out of)\s+(?:the\s+)?$/.test(
        before,
      )
    )
      return true;
    return (
      /^\s*(?:-\s*|\s)?(?:based|headquartered|hq'd)?\s*(?:(?!at\b|in\b|for\b|with\b|from\b|of\b|who\b|and\b|or\b)[\w&-]+\s+){0,2}(?:compan(?:y|ies)|firms?|startups?|start-ups?|businesses|organi[sz]ations?|corporations?|brands?|scale-?ups?|agencies|vendors|employers?|enterprises|retailers|banks|manufacturers)\b/.test(
        after,
      ) && !/^\s*(?:-\s*|\s)?(?:based\s+)?(?:people|employees|staff)/.test(after)
    );
  }

  // -- 4. titles ---------------------------------------------------------------------------------

  private titles(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!this.isFree(t) || !ROLES.has(t.s)) continue;
      // "lead" and "principal" are roles only at the end of a title ("Tech Lead"), not before one.
      let start = i;
      while (start > 0 && this.isFree(tokens[start - 1]) && TITLE_WORDS.has(tokens[start - 1]?.s ?? '')) start--;
      let end = i + 1;
      const role = t.s;
      // Another role noun right after ("Product Owner", "Account Manager", "Partner Manager"…)
      while (this.isFree(tokens[end]) && ROLES.has(tokens[end]?.s ?? '') && TITLE_WORDS.has(tokens[end - 1]?.s ?? ''))
        end++;
      const last = tokens[end - 1]?.s ?? role;
      const next = tokens[end];
      if (
        OF_ROLES.has(last) &&
        this.isFree(next) &&
        (next.w === 'of' || next.w === 'for') &&
        this.isArea(tokens[end + 1])
      ) {
        end += 2;
        while (this.isArea(tokens[end])) end++;
        while ((tokens[end]?.w === 'and' || tokens[end]?.w === '&') && this.isArea(tokens[end + 1])) {
          end += 2;
          while (this.isArea(tokens[end])) end++;
        }
      } else if (DIRECT_ROLES.has(last) && this.isArea(next)) {
        while (this.isArea(tokens[end])) end++;
      }
      const run = tokens.slice(start, end);
      const plain = run.map((r) => r.s);
      // "Operations executives", "marketing leaders": a function and a seniority, not a title.
      const area = plain.slice(0, -1).join(' ');
      if (
        role === 'executive' &&
        end === i + 1 &&
        area !== '' &&
        FUNCTION_PHRASES.has(area) &&
        !/^(?:sale|account|business development|key account)$/.test(area)
      )
        continue;
      // A lone seniority word ("directors", "VPs", "owners") is a seniority, not a title.
      if (run.length === 1 && SENIORITY_ROLES[role]) continue;
      // "Senior managers", "Junior associates": a seniority.
      if (run.length === 2 && /^(?:senior|sr|junior|jr)$/.test(plain[0] ?? '') && SENIORITY_ROLES[role]) continue;
      // A title must hold something beyond a bare modifier + role when the role is generic.
      if (
        run.length === 1 &&
        /^(?:associate|assistant|lead|principal|representative|rep|specialist|partner|executive|agent)$/.test(role)
      )
        continue;
      for (const label of titleLabels(run)) this.pick('CURRENT_TITLE', { label }, run[0]?.start ?? 0);
      this.claim(tokens, start, end - start);
      i = end - 1;
    }
  }

  private isArea(t: Token | undefined): boolean {
    return (
      this.isFree(t) && TITLE_WORDS.has(t.s) && !ROLES.has(t.s) && !/^(?:senior|sr|junior|jr|chief|vice|co)$/.test(t.s)
    );
  }

  // -- 5. functions, seniorities, contextual industries ------------------------------------------

  private functionsAndSeniorities(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!this.isFree(t)) continue;
      const fn = this.match(tokens, i, FUNCTION_PHRASES);
      const ctx = this.match(tokens, i, INDUSTRY_CONTEXTUAL);
      const n = Math.max(fn?.n ?? 0, ctx?.n ?? 0);
      if (n > 0) {
        const key = tokens
          .slice(i, i + n)
          .map((r) => r.s)
          .join(' ');
        const next = tokens[i + n];
        const next2 = next && tokens[i + n + 1] ? `${next.s} ${tokens[i + n + 1]?.s}` : '';
        const prev = this.prevWords(tokens, i);
        const companyNext = this.isFree(next) && COMPANY_WORDS.has(next.s);
        const leaderNext = this.isFree(next)
          ? LEADER_WORDS[next2]
            ? next2
            : LEADER_WORDS[next.s]
              ? next.s
              : undefined
          : undefined;
        const personNext = this.isFree(next) && PERSON_WORDS.has(next.s);
        const afterIn =
          /^(?:in|within|into|on)$/.test(prev[0] ?? '') || /^(?:in|within) the$/.test(`${prev[1]} ${prev[0]}`);
        const upperOk = t.w.length > 2 || t.raw === t.raw.toUpperCase();
        if (
          ctx &&
          ctx.n === n &&
          upperOk &&
          (companyNext || (afterIn && !personNext && !leaderNext && !FUNCTION_FIRST.has(key)))
        ) {
          for (const v of ctx.value) this.pick('INDUSTRY', v, t.start);
          this.claim(tokens, i, companyNext ? n + 1 : n);
          i += n - 1;
          continue;
        }
        if (fn && fn.n === n && upperOk) {
          const strong = !WEAK_FUNCTIONS.has(key);
          if (leaderNext || personNext || (afterIn && (FUNCTION_FIRST.has(key) || !ctx)) || (strong && !companyNext)) {
            this.pick('FUNCTION', fn.value, t.start);
            this.claim(tokens, i, n);
            if (leaderNext) {
              for (const id of LEADER_WORDS[leaderNext] ?? []) this.pick('SENIORITY_LEVEL', seniority(id), t.start);
              this.claim(tokens, i + n, leaderNext.includes(' ') ? 2 : 1);
            } else if (personNext) this.claim(tokens, i + n, 1);
            i += n - 1;
            continue;
          }
        }
      }
      const grp = this.match(tokens, i, SENIORITY_GROUP_PHRASES);
      const one = this.match(tokens, i, SENIORITY_PHRASES);
      if (grp && (!one || grp.n >= one.n)) {
        for (const v of grp.value) this.pick('SENIORITY_LEVEL', v, t.start);
        this.claim(tokens, i, grp.n);
        i += grp.n - 1;
        continue;
      }
      if (one) {
        // "strategic" and "associates" only as a seniority word of their own.
        if (
          /^(?:strategic|associate|director|owner|vice president)$/.test(
            tokens
              .slice(i, i + one.n)
              .map((r) => r.s)
              .join(' '),
          ) &&
          !this.standsAlone(tokens, i, one.n)
        )
          continue;
        this.pick('SENIORITY_LEVEL', one.value, t.start);
        this.claim(tokens, i, one.n);
        i += one.n - 1;
        continue;
      }
      if (SENIORITY_ROLES[t.s] && t.w !== t.s) {
        // A lone plural role the title pass left: "directors", "VPs", "heads".
        for (const id of SENIORITY_ROLES[t.s] ?? []) this.pick('SENIORITY_LEVEL', seniority(id), t.start);
        this.claim(tokens, i, 1);
      }
    }
  }

  private standsAlone(tokens: Token[], i: number, n: number): boolean {
    const w = tokens[i + n];
    return !w || w.barrier || STOPWORDS.has(w.w);
  }

  private prevWords(tokens: Token[], i: number): string[] {
    const out: string[] = [];
    for (let j = i - 1; j >= 0 && out.length < 2; j--) {
      const t = tokens[j];
      if (!t || t.barrier) break;
      out.push(t.w);
    }
    return out;
  }

  // -- 5b. named companies ------------------------------------------------------------------------

  private companies(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!this.isFree(t) || !/^\p{Lu}/u.test(t.raw)) continue;
      const prev = this.prevWords(tokens, i);
      const before = this.folded.slice(Math.max(0, t.start - 30), t.start);
      const past =
        /\b(?:ex|former(?:ly)?(?:\s+(?:at|of))?|previously(?:\s+(?:worked\s+)?at)?|used to work at|alumni of|formerly employed at|who left)\s*-?\s*$/.test(
          before,
        );
      const current =
        /\b(?:works?|working|employed|employees)\s+(?:at|for)\s+$|\b(?:employees|staff|people)\s+(?:of|from)\s+$|^at$/.test(
          prev[0] === 'at' && i > 0 ? 'at' : before,
        );
      if (!past && !current) continue;
      let end = i + 1;
      while (this.isFree(tokens[end]) && /^\p{Lu}/u.test(tokens[end]?.raw ?? '')) end++;
      const names = [
        tokens
          .slice(i, end)
          .map((r) => r.raw)
          .join(' '),
      ];
      // "at Google, Microsoft or Amazon"
      let j = end;
      while (
        tokens[j] &&
        (tokens[j]?.barrier || /^(?:or|and)$/.test(tokens[j]?.w ?? '')) &&
        this.isFree(tokens[j + 1]) &&
        /^\p{Lu}/u.test(tokens[j + 1]?.raw ?? '')
      ) {
        if (
          tokens[j]?.barrier &&
          this.folded[tokens[j]?.start ?? 0] !== ',' &&
          !/^\s*,/.test(this.folded.slice(tokens[j]?.start ?? 0))
        )
          break;
        let k = j + 1;
        while (this.isFree(tokens[k]) && /^\p{Lu}/u.test(tokens[k]?.raw ?? '')) k++;
        names.push(
          tokens
            .slice(j + 1, k)
            .map((r) => r.raw)
            .join(' '),
        );
        this.claim(tokens, j + 1, k - j - 1);
        if (!tokens[j]?.barrier) this.claim(tokens, j, 1);
        j = k;
      }
      for (const name of names) this.pick(past ? 'PAST_COMPANY' : 'CURRENT_COMPANY', { label: name }, t.start);
      this.claim(tokens, i, end - i);
      i = j - 1;
    }
  }

  // -- 6. leftovers ------------------------------------------------------------------------------

  private leftovers(tokens: Token[]): { text: string; excluded: boolean }[] {
    const out: { text: string; excluded: boolean }[] = [];
    let run: Token[] = [];
    const flush = () => {
      if (run.length > 0) {
        const first = run[0] as Token;
        const last = run.at(-1) as Token;
        out.push({ text: this.text.slice(first.start, last.end), excluded: this.inScope(first.start) });
      }
      run = [];
    };
    for (const t of tokens) {
      const filler =
        t.barrier ||
        this.taken[t.start] ||
        STOPWORDS.has(t.w) ||
        STOPWORDS.has(t.s) ||
        /^\d+$/.test(t.w) ||
        t.w.length < 2;
      if (filler) flush();
      else run.push(t);
    }
    flush();
    return out.filter((k) => !/^(?:s|st|nd|rd|th)$/i.test(k.text));
  }
}

function barrier(at: number): Token {
  return { w: '', s: '', raw: '', start: at, end: at, barrier: true };
}

/** "1,000" → 1000, "10k" → 10000, "1.5m" → 1500000. */
function num(text: string | undefined): number {
  const t = (text ?? '').trim().toLowerCase();
  const m = /^([\d,.]+)\s*(k|m|mm|bn|b|million|billion|thousand)?$/.exec(t);
  if (!m) return Number.NaN;
  const digits = (m[1] ?? '').replace(/,(?=\d{3}\b)/g, '').replace(/,/g, '.');
  const x = Number(digits);
  const unit = m[2];
  if (unit === 'k' || unit === 'thousand') return x * 1000;
  if (unit === 'm' || unit === 'mm' || unit === 'million') return x * 1_000_000;
  if (unit === 'b' || unit === 'bn' || unit === 'billion') return x * 1_000_000_000;
  return x;
}

/**
 * The share of bucket [bMin, bMax] a range [min, max] covers. With `continuous`, the overlap of
 * two integer ranges counted in units ("50 to 200" overlaps 11-50 by 0 units, 51-200 by 149).
 */
function overlapShare(min: number, max: number, bMin: number, bMax: number, continuous = false): number {
  if (!Number.isFinite(min) && !Number.isFinite(max)) return 0;
  const lo = Math.max(min, bMin);
  const hi = Math.min(max, bMax);
  if (hi < lo) return 0;
  if (continuous) {
    if (min === max) return 1; // a single size: the bucket it falls in
    return hi - lo > 0 || bMin === bMax ? 1 : 0;
  }
  const width = Number.isFinite(bMax) ? bMax - bMin + 1 : Math.max(1, (Number.isFinite(max) ? max : lo + 1) - bMin + 1);
  return Number.isFinite(bMax) ? (hi - lo + 1) / width : 1;
}

function geoValue(g: Geo): Value {
  return g.id === null ? { label: g.label } : { id: g.id, label: g.label };
}

/** The label of a title: tidied, singular, abbreviations written in full ("VP Sales" → "Vice President of Sales"). */
function titleLabels(run: Token[]): string[] {
  const parts = run.map((t) => {
    const w = ROLES.has(t.s) ? t.s : t.w;
    return WORD_ABBREVIATIONS[w] ? WORD_ABBREVIATIONS[w] : w;
  });
  const written = tidy(parts);
  const expanded: string[] = [];
  let changed = false;
  parts.forEach((p, i) => {
    const full = TITLE_ABBREVIATIONS[p];
    if (full && (ROLES.has(p) || /^(?:vp|svp|evp|avp)$/.test(p)) && full.split(' ').length > 1) {
      expanded.push(full);
      changed = true;
      // "VP Sales" → "Vice President of Sales"
      const following = parts[i + 1];
      if (/^(?:vp|svp|evp|avp)$/.test(p) && following && following !== 'of' && following !== 'for') expanded.push('of');
    } else expanded.push(p);
  });
  const full = tidy(expanded);
  return [changed ? full : written];
}

function tidy(words: string[]): string {
  const text = words
    .map((w) => {
      if (/^(?:of|and|for|the|&)$/.test(w)) return w;
      if (UPPER_WORDS.has(w)) return w.toUpperCase();
      return w
        .split(' ')
        .map((x) => (x ? (x[0] ?? '').toUpperCase() + x.slice(1) : x))
        .join(' ');
    })
    .join(' ');
  return text.replace(/\bCo Founder\b/g, 'Co-Founder').replace(/\bE Commerce\b/g, 'E-Commerce');
}

export { COMPANY_TYPES };
