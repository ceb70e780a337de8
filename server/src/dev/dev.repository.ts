import type { DbOrTrx } from '../infra/db.ts';

/** Mail the dev outbox transport kept, newest first, optionally for one address only. */
export async function listOutbox(db: DbOrTrx, options: { to: string | undefined; limit: number }) {
  let query = db
    .selectFrom('dev_outbox')
    .select(['to', 'subject', 'text', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.to) {
    const to = options.to.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['to']), '=', to));
  }
  return query.execute();
}
