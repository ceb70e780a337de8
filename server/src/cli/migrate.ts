import { openDatabase } from '../infra/db.ts';
import { migrateToLatest } from '../infra/migrate.ts';
import { loadConfigOrExit } from './lifecycle.ts';

/** `npm run migrate`: bring the configured database up to date and exit (the compose stack's one-shot step). */
const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
