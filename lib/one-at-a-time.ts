/**
 * Runs the work it is given one piece at a time, in the order given: a piece starts when the one
 * before it has settled, whether it succeeded or failed. The background's syncs use it so that a
 * timer and an alarm never do the same work twice at once.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
}
