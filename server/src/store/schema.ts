/** The database as Kysely sees it. Times are epoch milliseconds (bigint) on both dialects. */
export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  credit_entries: CreditEntriesTable;
  seats: SeatsTable;
  seat_usage: SeatUsageTable;
  jobs: JobsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
  email_validation_jobs: EmailValidationJobsTable;
  email_validation_prospects: EmailValidationProspectsTable;
  email_finder_jobs: EmailFinderJobsTable;
  email_finder_prospects: EmailFinderProspectsTable;
  finder_domain_patterns: FinderDomainPatternsTable;
  finder_company_domains: FinderCompanyDomainsTable;
  extractions: ExtractionsTable;
  extraction_items: ExtractionItemsTable;
  extraction_holds: ExtractionHoldsTable;
  recurring_exports: RecurringExportsTable;
  sandbox_clock: SandboxClockTable;
}

export interface AccountsTable {
  id: string;
  name: string;
  created_at: number;
}

export type KeyKind = 'test' | 'live';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  kind: KeyKind;
  /** The first characters of the key (e.g. `lf_test_AbCd`), safe to show to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  created_at: number;
  revoked_at: number | null;
}

export type CreditEntryKind = 'grant' | 'hold' | 'commit' | 'release' | 'debit';

/**
 * The append-only credit ledger. Each row carries the running balance after it (`available_after`,
 * `held_after`), so the current balance is the newest row, and `seq` (unique per account) makes a
 * lost update impossible even if two writers ever raced past the lock.
 */
export interface CreditEntriesTable {
  id: string;
  account_id: string;
  seq: number;
  kind: CreditEntryKind;
  amount: number;
  /** For commit and release: the hold they settle. */
  hold_id: string | null;
  idempotency_key: string;
  available_after: number;
  held_after: number;
  memo: string | null;
  created_at: number;
}

export type SeatRowStatus = 'valid' | 'invalid' | 'disconnected';

export interface SeatsTable {
  id: string;
  account_id: string;
  /** Who the session belongs to on the sales tool; one seat per member per account. */
  member_key: string;
  member_id: string | null;
  label: string | null;
  status: SeatRowStatus;
  invalid_reason: string | null;
  daily_limit: number;
  /** The session (cookies and User-Agent) as JSON, sealed with the service's secret key. */
  session_sealed: string;
  connected_at: number;
  updated_at: number;
}

export interface SeatUsageTable {
  id: string;
  seat_id: string;
  account_id: string;
  count: number;
  idempotency_key: string;
  created_at: number;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * A unit of background work. A worker owns a running job while its lease holds; a job whose lease
 * expired (its worker died) is claimable again. `checkpoint` is the handler's resume point.
 */
export interface JobsTable {
  id: string;
  kind: string;
  account_id: string | null;
  payload: string;
  state: JobState;
  run_at: number;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  checkpoint: string | null;
  last_error: string | null;
  /** Enqueuing the same key twice makes one job. */
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface WebhookSecretsTable {
  id: string;
  account_id: string;
  secret_sealed: string;
  created_at: number;
  expires_at: number | null;
}

export type WebhookMessageState = 'pending' | 'delivered' | 'failed';

export interface WebhookMessagesTable {
  id: string;
  account_id: string;
  job_id: string;
  event_type: string;
  event_key: string;
  mode: KeyKind;
  url: string;
  /** The body as JSON; '' when `body_source` names where to render it from. */
  payload: string;
  /** `<source>:<id>`, e.g. `email_validation:<job id>` (webhooks.ts, WebhookBodySources); null when `payload` is the body. */
  body_source: string | null;
  state: WebhookMessageState;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
}

export type WebhookAttemptOutcome = 'success' | 'http_error' | 'timeout' | 'network_error' | 'blocked';

export interface WebhookAttemptsTable {
  id: string;
  message_id: string;
  attempt: number;
  started_at: number;
  duration_ms: number;
  outcome: WebhookAttemptOutcome;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

export type EmailValidationJobStatus = 'pending' | 'running' | 'complete' | 'failed';

/** A bulk email validation job (`POST /v1/email-validation/`); its addresses are its prospects. */
export interface EmailValidationJobsTable {
  id: string;
  account_id: string;
  /** The key's kind: which world (sandbox or real) verifies the addresses. */
  mode: KeyKind;
  job_name: string;
  webhook_url: string | null;
  status: EmailValidationJobStatus;
  prospect_count: number;
  /** Prospects complete or failed: the progress. */
  done_count: number;
  error_message: string | null;
  /** Credits taken at acceptance. */
  credits: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export type EmailValidationProspectStatus = 'pending' | 'complete' | 'failed';

/** One submitted address; a finished row is the job's checkpoint for it (never verified again). */
export interface EmailValidationProspectsTable {
  job_id: string;
  position: number;
  id: string;
  email: string | null;
  status: EmailValidationProspectStatus;
  email_validity: string | null;
  error_message: string | null;
  /** JSON: the stage results and reasons behind the verdict. */
  details: string | null;
}

export type EmailFinderJobStatus = 'pending' | 'running' | 'complete' | 'failed';

/** A bulk email finder job (`POST /v1/email-finder/`); its people are its prospects. */
export interface EmailFinderJobsTable {
  id: string;
  account_id: string;
  /** The key's kind: which world (sandbox or real) finds the addresses. */
  mode: KeyKind;
  job_name: string | null;
  webhook_url: string | null;
  status: EmailFinderJobStatus;
  prospect_count: number;
  /** Prospects complete or failed: the progress. */
  done_count: number;
  error_message: string | null;
  /** Credits taken when the job finished (1 per safe or riskier address). */
  credits: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export type EmailFinderProspectStatus = 'pending' | 'complete' | 'failed';

/** One submitted person; a finished row is the job's checkpoint for them (never searched again). */
export interface EmailFinderProspectsTable {
  job_id: string;
  position: number;
  id: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  company_domain: string | null;
  status: EmailFinderProspectStatus;
  found_email: string | null;
  email_validity: string | null;
  error_message: string | null;
  /** The finder's reason for its answer (finder/find-email.ts FinderReason). */
  reason: string | null;
  /** The mail domain searched (given, known or guessed). */
  domain: string | null;
  /** SMTP RCPT commands spent on this person. */
  rcpts: number | null;
}

/** A mail domain's address pattern as learned from confirmed addresses (learn-pattern.ts state, JSON). */
export interface FinderDomainPatternsTable {
  mode: KeyKind;
  domain: string;
  state: string;
  updated_at: number;
}

/** A company's mail domain, by the finder's companyKey of its name. */
export interface FinderCompanyDomainsTable {
  mode: KeyKind;
  company_key: string;
  domain: string;
  source: string;
  updated_at: number;
}

export type ExtractionStatus = 'ACCEPTED' | 'SCHEDULED' | 'EXECUTING' | 'EXECUTED' | 'PAUSED' | 'FAILED';
export type ExtractionType = 'SEARCH' | 'LIST' | 'UPLOAD' | 'SINGLE';
export type FailureReason = '' | 'insufficient_credits' | 'auth_error' | 'quota_exceeded' | 'invalid_urls';

export interface ExtractionsTable {
  id: string;
  account_id: string;
  mode: KeyKind;
  seat_id: string;
  type: ExtractionType;
  kind: 'lead' | 'account';
  name: string;
  status: ExtractionStatus;
  failure_reason: FailureReason;
  failure_detail: string | null;
  source_url: string | null;
  /** The parsed SalesNavTarget, JSON. */
  target: string;
  enrich_email: 'none' | 'matching' | 'all';
  webhook_url: string | null;
  total_prospects: number;
  reachable: number | null;
  progress: number;
  record_count: number;
  paused_count: number;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  /** The recurring export this extraction is a run of; null for every other extraction. */
  schedule_id?: string | null;
  /** A run's window: the leads new between these times (world time), set when it starts paging. */
  window_from?: number | null;
  window_to?: number | null;
}

export interface ExtractionItemsTable {
  extraction_id: string;
  position: number;
  entity_id: string;
  /** JSON: the search hit or list row, or the submitted id. */
  stub: string;
  /** JSON: the record, once its profile was read. */
  record: string | null;
  /** JSON: the person whose email is still to be found (enrich_email), null otherwise. */
  enrich_person: string | null;
}

export interface ExtractionHoldsTable {
  extraction_id: string;
  hold_id: string;
  amount: number;
  committed: number;
}

export type Frequency = 'daily' | 'weekly' | 'monthly';
export type ScheduleStatus = 'active' | 'paused' | 'stopped';
export type SkipReason = 'insufficient_credits' | 'no_usable_seat';

export interface RecurringExportsTable {
  id: string;
  account_id: string;
  /** test schedules run in sandbox time and the sandbox world; live ones in real time. */
  mode: KeyKind;
  seat_id: string;
  name: string;
  frequency: Frequency;
  status: ScheduleStatus;
  search_kind: 'LEAD' | 'ACCOUNT';
  /** The saved search on the seat that each run reads. */
  saved_search_id: string;
  /** What makes two schedules the same search (see recurring/search-key.ts). */
  search_key: string;
  source_url: string;
  template_extraction_id: string;
  /** Runs fall on anchor_at + k intervals (k >= 1); reset when the cadence changes. */
  anchor_at: number;
  next_run_at: number;
  last_run_at: number | null;
  /** The point the runs have covered the search up to: the next run takes what is new since then. */
  covered_until: number;
  last_skipped_at: number | null;
  last_skip_reason: SkipReason | null;
  created_at: number;
  updated_at: number;
  stopped_at: number | null;
}

export interface SandboxClockTable {
  id: string;
  offset_ms: number;
}
