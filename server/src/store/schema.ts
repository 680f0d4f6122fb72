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
  payload: string;
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
