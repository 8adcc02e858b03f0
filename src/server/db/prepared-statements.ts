import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements PostgreSQL keeps parsed and planned on each connection (decision 209). Kysely sends
 * every statement unnamed, so PostgreSQL parses and plans it on every call: for a community mark,
 * planning took more of PostgreSQL's time than running the statements. A connection of the pool
 * names the first PREPARED_PER_CONNECTION distinct statements it sends (by a hash of their text),
 * and node-postgres then sends each of them again as an execution of the prepared statement.
 *
 * Not named:
 * - statements without parameters (BEGIN, COMMIT, …): nothing to plan per value;
 * - statements that select or return `*`: a prepared statement's result columns are fixed when it
 *   is prepared, and a migration that adds a column (another instance's, during a rolling
 *   deploy) would make PostgreSQL refuse it ("cached plan must not change result type").
 *
 * The cap bounds what a connection holds on both sides; `in (…)` lists of many lengths make many
 * texts, and those past the cap go unnamed as before.
 */
export const PREPARED_PER_CONNECTION = 64;

/** A `*` (or `"table".*`) in a select list or after RETURNING; `count(*)` and `a * b` are not. */
const STAR_COLUMNS = /(?:\bselect|\bdistinct|\breturning|,)\s*(?:"?\w+"?\.)?\*/i;

/** Names already worked out, by text: hashing every statement's text cost a busy server 3 % of its time. */
const names = new Map<string, string | null>();
const NAMES_KEPT = 2_000;

/** The name a statement is prepared under, or undefined when it goes unnamed (see above). */
export function preparedName(text: string, values: readonly unknown[] | undefined): string | undefined {
  if (values === undefined || values.length === 0) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = STAR_COLUMNS.test(text) ? null : `mingo_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name ?? undefined;
}

/** pg's Client, naming its statements as above; the pool's `Client` option. */
export function preparingClient(driver: typeof pg): typeof pg.Client {
  return class PreparingClient extends driver.Client {
    private readonly prepared = new Set<string>();

    // pg's query has many overloads; Kysely calls `query(text, values)` and `query(cursor)`.
    override query(...args: unknown[]): never {
      const send = super.query.bind(this) as unknown as (...rest: unknown[]) => never;
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
        const name = preparedName(text, values);
        if (name !== undefined && (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION)) {
          this.prepared.add(name);
          return send({ name, text, values });
        }
      }
      return send(...args);
    }
  } as typeof pg.Client;
}
