import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database';

/** What a statement's parameter is while the statement is compiled (see compiledOnce). */
class Placeholder {
  constructor(readonly key: string) {}
}

/**
 * A statement compiled once: its SQL text, and for each `$n` the call's parameter that goes there
 * (its key), or the constant the statement was built with (a literal such as `'published'`).
 */
type Compiled<P> = { sql: string; slots: ({ key: keyof P & string } | { constant: unknown })[] };

/**
 * A statement that Kysely builds and compiles once, then only binds on each call (decision 212).
 * Building and compiling a statement is most of what Kysely costs: for the statements of a mark,
 * a busy server spent more of its time there than in pg. The SQL text is also the same string
 * every time, so naming it for PostgreSQL (prepared-statements.ts) looks it up without hashing
 * a new string.
 *
 * `build` is called once, with a placeholder in place of each parameter named in `keys`. Each
 * placeholder must go into the statement as one value, as `$n`: a list goes in as one array
 * parameter (`= any(${p.ids}::text[])`), not as an `in (…)` list, whose text would depend on
 * its length. Any other value in the statement is a constant, bound the same on every call:
 * `build` must not read anything but its parameters. The first call throws if a parameter is
 * left out (a value read from elsewhere in its place, say). Kysely's plugins do not see these
 * statements (the app uses none).
 */
export function compiledOnce<P extends Record<string, unknown>, R>(
  keys: readonly (keyof P & string)[],
  build: (db: Executor, params: P) => Compilable<R>,
): (db: Executor, params: P) => Promise<R[]> {
  let compiled: Compiled<P> | undefined;
  const compile = (db: Executor): Compiled<P> => {
    const placeholders = Object.fromEntries(keys.map((key) => [key, new Placeholder(key)])) as unknown as P;
    const { sql, parameters } = build(db, placeholders).compile();
    const slots = parameters.map((value) => (value instanceof Placeholder ? { key: value.key as keyof P & string } : { constant: value }));
    const unused = keys.filter((key) => !slots.some((slot) => 'key' in slot && slot.key === key));
    if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} not used in ${sql}`);
    return { sql, slots };
  };
  return async (db, params) => {
    compiled ??= compile(db);
    const query = CompiledQuery.raw(
      compiled.sql,
      compiled.slots.map((slot) => ('key' in slot ? params[slot.key] : slot.constant)),
    ) as CompiledQuery<R>;
    const { rows } = await db.executeQuery(query);
    return rows;
  };
}
