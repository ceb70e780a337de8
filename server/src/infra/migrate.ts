import { Migrator } from 'kysely/migration';
import { migrations } from '../../../migrations/index.ts';
import type { Db } from './db.ts';

/** Bring the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration failed${where}: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
