/**
 * The email finder engine (architecture.md, principle 2): names, patterns, pattern learning,
 * company-domain resolution and the search, doing I/O only through the ports in ports.ts.
 */
export { cleanCompanyName, companyKey } from './company/company-name.ts';
export { type DomainCandidateOptions, domainCandidates } from './company/domain-candidates.ts';
export { countryTld, LEGAL_FORMS } from './company/legal-forms.ts';
export {
  type CompanyRef,
  type DomainSource,
  domainFromWebsite,
  type ResolvedDomain,
  resolveCompanyDomain,
} from './company/resolve-domain.ts';
export {
  type FinderOptions,
  type FinderPerson,
  type FinderReason,
  type FinderResult,
  type FinderVerdict,
  findEmail,
} from './find-email.ts';
export { foldName, type UmlautStyle } from './names/ascii-fold.ts';
export { type NameForms, type NameVariant, nameForms } from './names/name-forms.ts';
export { nicknamesOf } from './names/nicknames.ts';
export { type ParsedName, type PersonName, parseName } from './names/parse-name.ts';
export { type AddressPattern, PATTERN_NAMES, PATTERNS } from './patterns/address-patterns.ts';
export { type Candidate, type CandidateOptions, candidatesFor } from './patterns/candidates.ts';
export {
  addExample,
  dominantPattern,
  emptyLearnedPattern,
  type LearnedPattern,
  learnPattern,
  type PatternExample,
  patternShares,
} from './patterns/learn-pattern.ts';
export type {
  CandidateCheck,
  CandidateVerifier,
  DomainChecker,
  DomainPatterns,
  FinderPorts,
  KnownCompanyDomains,
  MailHost,
} from './ports.ts';
export { candidateAnswer, checkFromVerification, rcptsOf } from './verification-check.ts';
