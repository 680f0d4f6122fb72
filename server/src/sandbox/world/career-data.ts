/**
 * What careers are made of: titles by function and seniority (so that a title says both, as real
 * titles mostly do), skills and fields of study by function, schools by country.
 */
import type { SeniorityId } from './sales-catalog.ts';

export interface FunctionSpec {
  /** As in FUNCTIONS (sales-catalog.ts). */
  readonly name: string;
  /** The word for the department in manager titles: "Director of Engineering". */
  readonly area: string;
  /** Individual-contributor titles ("Senior " is put in front for the Senior level). */
  readonly ic: readonly string[];
  readonly entry: readonly string[];
  /** The C-level title of the function, when it has one. */
  readonly cxo?: string;
  readonly skills: readonly string[];
  readonly studies: readonly string[];
}

const f = (
  name: string,
  area: string,
  ic: string,
  entry: string,
  skills: string,
  studies: string,
  cxo?: string,
): FunctionSpec => ({
  name,
  area,
  ic: ic.split('|'),
  entry: entry.split('|'),
  skills: skills.split('|'),
  studies: studies.split('|'),
  ...(cxo ? { cxo } : {}),
});

export const FUNCTION_SPECS: readonly FunctionSpec[] = [
  f(
    'Accounting',
    'Accounting',
    'Accountant|Staff Accountant|Tax Accountant',
    'Junior Accountant|Accounts Payable Clerk',
    'Accounting|IFRS|US GAAP|Financial Reporting|Reconciliation|SAP|Tax',
    'Accounting|Finance|Economics',
  ),
  f(
    'Administrative',
    'Administration',
    'Executive Assistant|Administrative Assistant|Office Coordinator',
    'Receptionist|Administrative Assistant',
    'Office Administration|Scheduling|Microsoft Office|Event Planning|Travel Arrangements',
    'Business Administration|Communication',
  ),
  f(
    'Arts and Design',
    'Design',
    'Designer|Graphic Designer|UX Designer|Product Designer',
    'Junior Designer|Design Intern',
    'Figma|User Experience (UX)|Visual Design|Adobe Creative Suite|Prototyping|Typography',
    'Graphic Design|Interaction Design|Fine Arts',
    'Chief Design Officer',
  ),
  f(
    'Business Development',
    'Business Development',
    'Business Development Executive|Partnerships Specialist',
    'Business Development Representative',
    'Business Development|Partnerships|Negotiation|Lead Generation|Strategic Planning',
    'Business Administration|Marketing|Economics',
    'Chief Business Officer',
  ),
  f(
    'Community and Social Services',
    'Community',
    'Community Specialist|Social Worker|Case Manager',
    'Community Coordinator',
    'Community Outreach|Nonprofit Management|Case Management|Volunteer Management',
    'Social Work|Sociology|Psychology',
  ),
  f(
    'Consulting',
    'Consulting',
    'Consultant|Management Consultant|Strategy Consultant',
    'Associate Consultant|Business Analyst',
    'Management Consulting|Business Strategy|Stakeholder Management|Process Improvement|PowerPoint',
    'Business Administration|Economics|Industrial Engineering',
  ),
  f(
    'Education',
    'Learning',
    'Trainer|Instructional Designer|Lecturer',
    'Teaching Assistant',
    'Curriculum Development|E-Learning|Training Delivery|Instructional Design|Coaching',
    'Education|Psychology|Linguistics',
    'Chief Learning Officer',
  ),
  f(
    'Engineering',
    'Engineering',
    'Software Engineer|Backend Engineer|Frontend Engineer|Data Engineer|Mechanical Engineer',
    'Junior Software Engineer|Graduate Engineer',
    'Java|Python|TypeScript|Kubernetes|AWS|System Design|SQL|Go|CAD|Distributed Systems',
    'Computer Science|Software Engineering|Mechanical Engineering|Electrical Engineering',
    'Chief Technology Officer',
  ),
  f(
    'Entrepreneurship',
    'Ventures',
    'Entrepreneur in Residence|Venture Builder',
    'Founder Associate',
    'Entrepreneurship|Fundraising|Start-ups|Leadership|Business Strategy',
    'Business Administration|Economics|Entrepreneurship',
    'Chief Executive Officer',
  ),
  f(
    'Finance',
    'Finance',
    'Financial Analyst|FP&A Analyst|Treasury Analyst|Controller',
    'Junior Financial Analyst|Finance Assistant',
    'Financial Modeling|FP&A|Budgeting|Forecasting|Excel|Corporate Finance|Valuation',
    'Finance|Economics|Accounting',
    'Chief Financial Officer',
  ),
  f(
    'Healthcare Services',
    'Clinical Services',
    'Registered Nurse|Clinical Specialist|Physician|Pharmacist',
    'Nursing Assistant|Medical Assistant',
    'Patient Care|Clinical Research|Healthcare Management|Medical Devices|GCP',
    'Nursing|Medicine|Pharmacy|Public Health',
    'Chief Medical Officer',
  ),
  f(
    'Human Resources',
    'People',
    'HR Business Partner|Recruiter|Talent Acquisition Specialist|HR Generalist',
    'HR Coordinator|Recruiting Coordinator',
    'Recruiting|Talent Management|Employee Relations|HRIS|Onboarding|Compensation and Benefits',
    'Human Resources Management|Psychology|Business Administration',
    'Chief People Officer',
  ),
  f(
    'Information Technology',
    'IT',
    'Systems Administrator|IT Specialist|Network Engineer|DevOps Engineer',
    'IT Support Technician|Help Desk Analyst',
    'ITIL|Linux|Active Directory|Networking|Microsoft Azure|Cybersecurity|Terraform',
    'Information Technology|Computer Science|Information Systems',
    'Chief Information Officer',
  ),
  f(
    'Legal',
    'Legal',
    'Legal Counsel|Attorney|Paralegal|Corporate Lawyer',
    'Legal Assistant|Trainee Solicitor',
    'Contract Negotiation|Corporate Law|Compliance|Litigation|GDPR|Mergers & Acquisitions',
    'Law|Political Science',
    'Chief Legal Officer',
  ),
  f(
    'Marketing',
    'Marketing',
    'Marketing Specialist|Content Strategist|Growth Marketer|SEO Specialist|Product Marketer',
    'Marketing Coordinator|Marketing Assistant',
    'Digital Marketing|SEO|Content Marketing|Marketing Automation|HubSpot|Google Analytics|Brand Management',
    'Marketing|Communication|Business Administration',
    'Chief Marketing Officer',
  ),
  f(
    'Media and Communication',
    'Communications',
    'Communications Specialist|PR Specialist|Copywriter|Editor',
    'Communications Assistant',
    'Public Relations|Copywriting|Social Media|Media Relations|Storytelling',
    'Journalism|Communication|English Literature',
    'Chief Communications Officer',
  ),
  f(
    'Military and Protective Services',
    'Security',
    'Security Officer|Security Analyst|Risk Analyst',
    'Security Guard',
    'Physical Security|Risk Assessment|Emergency Management|Investigations',
    'Criminology|Security Studies',
    'Chief Security Officer',
  ),
  f(
    'Operations',
    'Operations',
    'Operations Analyst|Operations Specialist|Logistics Coordinator|Supply Chain Analyst',
    'Operations Associate|Warehouse Associate',
    'Operations Management|Supply Chain Management|Lean Six Sigma|Logistics|ERP|Process Optimization',
    'Industrial Engineering|Operations Management|Business Administration',
    'Chief Operating Officer',
  ),
  f(
    'Product Management',
    'Product',
    'Product Manager|Product Owner|Technical Product Manager',
    'Associate Product Manager',
    'Product Management|Product Strategy|Agile Methodologies|Roadmapping|User Research|Jira',
    'Computer Science|Business Administration|Design',
    'Chief Product Officer',
  ),
  f(
    'Program and Project Management',
    'Program Management',
    'Project Manager|Program Manager|Scrum Master',
    'Project Coordinator',
    'Project Management|PMP|Scrum|Risk Management|Stakeholder Management|Budget Management',
    'Business Administration|Engineering Management',
  ),
  f(
    'Purchasing',
    'Procurement',
    'Buyer|Procurement Specialist|Sourcing Specialist',
    'Purchasing Assistant',
    'Procurement|Strategic Sourcing|Supplier Management|Negotiation|Spend Analysis',
    'Supply Chain Management|Business Administration',
    'Chief Procurement Officer',
  ),
  f(
    'Quality Assurance',
    'Quality',
    'QA Engineer|Quality Engineer|Test Engineer|Test Automation Engineer',
    'QA Tester',
    'Quality Assurance|Test Automation|Selenium|ISO 9001|Root Cause Analysis|Cypress',
    'Computer Science|Quality Management|Mechanical Engineering',
  ),
  f(
    'Real Estate',
    'Real Estate',
    'Real Estate Agent|Leasing Consultant|Property Analyst',
    'Leasing Assistant',
    'Real Estate|Property Management|Commercial Real Estate|Leasing|Valuation',
    'Real Estate|Finance|Urban Planning',
  ),
  f(
    'Research',
    'Research',
    'Research Scientist|Data Scientist|Researcher|Research Analyst',
    'Research Assistant',
    'Machine Learning|Statistics|R|Python|Laboratory Skills|Data Analysis|Experimental Design',
    'Biology|Chemistry|Statistics|Physics|Data Science',
    'Chief Science Officer',
  ),
  f(
    'Sales',
    'Sales',
    'Account Executive|Account Manager|Sales Executive|Key Account Manager',
    'Sales Development Representative|Inside Sales Representative',
    'B2B Sales|Salesforce|Negotiation|Solution Selling|Pipeline Management|Cold Calling|SaaS',
    'Business Administration|Marketing|Economics',
    'Chief Revenue Officer',
  ),
  f(
    'Customer Success and Support',
    'Customer Success',
    'Customer Success Manager|Support Engineer|Customer Support Specialist|Implementation Specialist',
    'Customer Support Representative',
    'Customer Success|Zendesk|Customer Retention|Onboarding|Technical Support|Account Management',
    'Business Administration|Communication|Computer Science',
    'Chief Customer Officer',
  ),
];

export const FUNCTION_SPEC: ReadonlyMap<string, FunctionSpec> = new Map(FUNCTION_SPECS.map((s) => [s.name, s]));

/** How common each function is among a company's staff, before the industry's boosts. */
export const FUNCTION_WEIGHTS: Readonly<Record<string, number>> = {
  Accounting: 3,
  Administrative: 3,
  'Arts and Design': 2,
  'Business Development': 6,
  'Community and Social Services': 0.5,
  Consulting: 3,
  Education: 1,
  Engineering: 14,
  Entrepreneurship: 1,
  Finance: 6,
  'Healthcare Services': 1,
  'Human Resources': 5,
  'Information Technology': 8,
  Legal: 2,
  Marketing: 8,
  'Media and Communication': 2,
  'Military and Protective Services': 0.3,
  Operations: 10,
  'Product Management': 4,
  'Program and Project Management': 4,
  Purchasing: 2,
  'Quality Assurance': 2,
  'Real Estate': 1,
  Research: 2,
  Sales: 14,
  'Customer Success and Support': 6,
};

/** Functions an industry has more of than most: Hospitals have nurses, law firms lawyers. */
export const INDUSTRY_FUNCTION_BOOSTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'Software Development': { Engineering: 2, 'Product Management': 2 },
  'IT Services and IT Consulting': { 'Information Technology': 3, Consulting: 2 },
  'Hospitals and Health Care': { 'Healthcare Services': 25 },
  'Pharmaceutical Manufacturing': { Research: 5, 'Healthcare Services': 4, 'Quality Assurance': 3 },
  'Biotechnology Research': { Research: 8 },
  'Legal Services': { Legal: 15 },
  Accounting: { Accounting: 12, Finance: 2 },
  'Real Estate': { 'Real Estate': 20 },
  'Higher Education': { Education: 20, Research: 4 },
  'Business Consulting and Services': { Consulting: 6 },
  'Advertising Services': { Marketing: 3, 'Arts and Design': 4, 'Media and Communication': 3 },
  'Marketing Services': { Marketing: 4, 'Media and Communication': 2 },
  'Staffing and Recruiting': { 'Human Resources': 6, Sales: 1.5 },
  'Computer and Network Security': { 'Information Technology': 3, 'Military and Protective Services': 5 },
  'Truck Transportation': { Operations: 3 },
  'Industrial Machinery Manufacturing': { Engineering: 2, 'Quality Assurance': 2, Purchasing: 2 },
  'Motor Vehicle Manufacturing': { Engineering: 2, 'Quality Assurance': 2 },
  Banking: { Finance: 3 },
  'Financial Services': { Finance: 3 },
  Insurance: { Finance: 2, Sales: 1.5 },
  Retail: { Sales: 2, Operations: 2 },
  Hospitality: { Operations: 3 },
};

/** How common each seniority is in a company of middling size. */
export const SENIORITY_WEIGHTS: readonly (readonly [SeniorityId, number])[] = [
  [100, 2],
  [110, 14],
  [120, 30],
  [130, 5],
  [200, 10],
  [210, 14],
  [220, 10],
  [300, 6],
  [310, 5],
  [320, 4],
];

/** Years of experience a person of each seniority has (min, max). */
export const EXPERIENCE_YEARS: Readonly<Record<SeniorityId, readonly [number, number]>> = {
  100: [0, 1],
  110: [0, 3],
  120: [4, 12],
  130: [8, 20],
  200: [4, 10],
  210: [7, 18],
  220: [10, 25],
  300: [12, 28],
  310: [12, 30],
  320: [5, 30],
};

export const OWNER_TITLES = ['Owner', 'Founder', 'Co-Founder', 'Managing Partner', 'Founder & CEO'] as const;

export const DEGREES = [
  'Bachelor of Science',
  'Bachelor of Arts',
  'Bachelor of Engineering',
  'Master of Science',
  'Master of Arts',
  'MBA',
  'PhD',
] as const;

/** [inf] school ids are the simulator's own; the SCHOOL typeahead lists them. */
export const SCHOOLS: Readonly<Record<string, readonly (readonly [number, string])[]>> = {
  US: [
    [18001, 'University of Michigan'],
    [18002, 'University of Texas at Austin'],
    [18003, 'New York University'],
    [18004, 'University of Washington'],
    [18005, 'Boston University'],
  ],
  CA: [
    [18011, 'University of Toronto'],
    [18012, 'McGill University'],
    [18013, 'University of British Columbia'],
  ],
  GB: [
    [18021, 'University of Manchester'],
    [18022, 'University of Edinburgh'],
    [18023, "King's College London"],
  ],
  IE: [
    [18031, 'Trinity College Dublin'],
    [18032, 'University College Cork'],
  ],
  DE: [
    [18041, 'Technische Universität München'],
    [18042, 'Humboldt-Universität zu Berlin'],
    [18043, 'Universität Hamburg'],
  ],
  FR: [
    [18051, 'Sorbonne Université'],
    [18052, 'HEC Paris'],
    [18053, 'Université Lyon 1'],
  ],
  NL: [
    [18061, 'Universiteit van Amsterdam'],
    [18062, 'Erasmus Universiteit Rotterdam'],
  ],
  ES: [
    [18071, 'Universidad Complutense de Madrid'],
    [18072, 'Universitat de Barcelona'],
  ],
  IT: [
    [18081, 'Politecnico di Milano'],
    [18082, 'Sapienza Università di Roma'],
  ],
  SE: [
    [18091, 'KTH Royal Institute of Technology'],
    [18092, 'Lunds universitet'],
  ],
  PL: [
    [18101, 'Uniwersytet Warszawski'],
    [18102, 'Politechnika Wrocławska'],
  ],
  IN: [
    [18111, 'Indian Institute of Technology Bombay'],
    [18112, 'University of Delhi'],
    [18113, 'Anna University'],
  ],
  BR: [
    [18121, 'Universidade de São Paulo'],
    [18122, 'Universidade Federal do Rio de Janeiro'],
  ],
};

/** The language a country's people write their profile in (some write it in English instead). */
export const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = {
  US: 'en',
  CA: 'en',
  GB: 'en',
  IE: 'en',
  IN: 'en',
  DE: 'de',
  FR: 'fr',
  NL: 'nl',
  ES: 'es',
  IT: 'it',
  SE: 'sv',
  PL: 'pl',
  BR: 'pt',
};
