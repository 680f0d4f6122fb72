import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A query built with Kysely once and then run again with new values, skipping Kysely's building
 * and compiling (most of a hot endpoint's CPU when its queries are small). The builder is called
 * with marker values; each marker found among the compiled parameters is swapped for the matching
 * argument on every run. The builder must therefore pass every argument as a value (not as SQL),
 * and its shape must not depend on the arguments' values.
 */
export function reusableQuery<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<DB>, { sql: string; slots: (number | { value: unknown })[] }>();
  return async (db, ...args) => {
    let plan = compiled.get(db);
    if (!plan) {
      const markers = args.map((_, i) => `\u0000arg${i}\u0000`) as unknown as A;
      const q = build(db, ...markers).compile();
      plan = {
        sql: q.sql,
        slots: q.parameters.map((p) => {
          const i = (markers as unknown[]).indexOf(p);
          return i >= 0 ? i : { value: p };
        }),
      };
      compiled.set(db, plan);
    }
    const params = plan.slots.map((s) => (typeof s === 'number' ? args[s] : s.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(plan.sql, params));
    return result.rows;
  };
}
