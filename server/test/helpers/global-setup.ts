import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/infra/db.ts';
import { migrateToLatest } from '../../src/infra/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Real Postgres: the migrated database every test file clones as a template. */
    templateDatabaseUrl: string | undefined;
    /** PGlite: a dump of a migrated instance every test file loads. */
    pgliteSnapshotPath: string | undefined;
  }
}

/**
 * Migrate once per run. With DATABASE_URL (CI: a fresh, uniquely named
 * database) that database becomes the template; without it a PGlite instance
 * is migrated and dumped, so each file starts from a copy in ~0.5 s.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-test-'));
  const handle = await openDatabase({ databaseUrl, dataDir: scratch, pgliteInMemory: true });
  await migrateToLatest(handle.db);

  let snapshotPath: string | undefined;
  if (handle.pglite) {
    const dump = await handle.pglite.dumpDataDir('none');
    snapshotPath = path.join(scratch, 'snapshot.tar');
    writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  }
  await handle.close();

  project.provide('templateDatabaseUrl', databaseUrl);
  project.provide('pgliteSnapshotPath', snapshotPath);
  return () => rmSync(scratch, { recursive: true, force: true });
}
