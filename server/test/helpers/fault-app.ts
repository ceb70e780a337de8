import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type RawEnv } from '../../src/config.ts';
import { createAppContext } from '../../src/infra/context.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import { createLogger } from '../../src/infra/logger.ts';
import { signIn, signInGuest, insertEvent, type SignedIn } from './event-factories.ts';
import { post } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * The real app in process on a database URL of the test's choosing (through
 * a fault proxy, say), shaped like createTestApp's TestApp so the usual
 * factories work on it.
 */
export async function createAppOn(databaseUrl: string, env: RawEnv = {}): Promise<TestApp> {
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'floorfill-fault-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratchDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(scratchDir, 'no-web'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const logger = createLogger(config);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl,
    dataDir: scratchDir,
    poolSize: 5,
  });
  const ctx = await createAppContext(config, logger, { database, skipMigrations: true });
  const app = await buildApp(ctx, logger);
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      await app.close();
      await ctx.close();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

export interface Party {
  host: SignedIn;
  event: { id: number; code: string };
  guests: SignedIn[];
}

/** A host, an event of theirs happening now, and guests who joined it through the real route. */
export async function party(t: TestApp, guests: number): Promise<Party> {
  const host = await signIn(t);
  const now = Date.now();
  const event = await insertEvent(t, host.id, {
    start: new Date(now - 3600_000).toISOString(),
    end: new Date(now + 6 * 3600_000).toISOString(),
  });
  const joined: SignedIn[] = [];
  for (let index = 0; index < guests; index += 1) {
    const guest = await signInGuest(t);
    const res = await post(t, '/api/v1/join-event', { event_code: event.code }, guest.headers);
    if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
    joined.push(guest);
  }
  return { host, event, guests: joined };
}

/** Catalog song ids to request (the built-in catalog is seeded by the migrations). */
export async function catalogSongIds(t: TestApp, count: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('catalog_songs')
    .select('id')
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}
