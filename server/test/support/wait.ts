/**
 * Waits until `check` returns a truthy value, looking again every `everyMs`, or fails after
 * `timeoutMs` with `what` in the message. For conditions in another process or a database, where
 * there is no event to await.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 20_000,
  everyMs = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
