/** Whether a write failed on a unique constraint, on either engine (another writer got there first). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && /UNIQUE/i.test(String(e.message));
}
