import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Hot statements are prepared once per pooled connection and then only
 * bound and run. Postgres otherwise parses and plans every statement it is
 * sent: for the live queue's one-statement song request that planning costs
 * more than running it (0.55 ms of Postgres CPU per request unprepared,
 * 0.22 ms prepared, measured on this repository's schema).
 *
 * A statement opts in by starting with `PREPARED` (a comment, so the text
 * stays valid SQL anywhere, PGlite included). Only statements whose text is
 * fixed by the code path may opt in — every value a parameter — because each
 * distinct text becomes a statement kept on every connection. Their result
 * columns are listed, never `*`: Postgres refuses to run a prepared statement
 * whose result columns a migration changed ("cached plan must not change
 * result type").
 *
 * A connection pooler in front of Postgres must keep prepared statements
 * (PgBouncer in transaction mode needs `max_prepared_statements`, 1.21+).
 */
const MARK = '/* prepared */';

/** Put first in a hot statement's `sql` template. */
export const PREPARED = sql.raw(MARK);

/** Each prepared text's name: short, stable, distinct per text. */
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `ff_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool's client class: a statement that opts in is sent as a named
 * statement (pg parses it once per connection), any other as before.
 */
export class PreparingClient extends pg.Client {
  // pg's query has a dozen overloads; this one takes them all and passes the arguments on as they came.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values, ...rest] = args as unknown[];
    if (typeof config === 'string' && config.startsWith(MARK) && Array.isArray(values)) {
      const named = { name: statementName(config), text: config, values };
      return Reflect.apply(pg.Client.prototype.query, this, [named, ...rest]);
    }
    return Reflect.apply(pg.Client.prototype.query, this, args);
  }
}
