/**
 * A benchmark's own world: a temp data dir, fresh secrets, a scratch Postgres
 * database beside DATABASE_URL's when one is given, and a Redis key prefix of
 * its own. Everything goes again in `cleanup()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig, type Config, type RawEnv } from '../../server/src/config.ts';

export interface Scratch {
  /** The environment every server node of the run starts with. */
  env: RawEnv;
  config: Config;
  /** "pglite + in-memory adapter", "postgres + Redis adapter", … */
  mode: string;
  cleanup(): Promise<void>;
}

/** The run's own keys (queues, rate limits, adapter channels) go with it. */
async function deleteRedisKeys(config: Config): Promise<void> {
  if (!config.redisUrl) return;
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function scratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `floorfill_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/**
 * `overrides` reach every node (rate limits raised for load, say). The bench
 * reads DATABASE_URL and REDIS_URL from its own environment: the operator's
 * choice of mode, as for `npm start`.
 */
export async function createScratch(overrides: RawEnv = {}): Promise<Scratch> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'floorfill-bench-'));
  const database = process.env.DATABASE_URL
    ? await scratchDatabase(process.env.DATABASE_URL)
    : undefined;
  const env: RawEnv = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    DATABASE_POOL_SIZE: '20',
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `ffbench:${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    RUN_WORKER: 'false',
    // Benchmarks measure the app, not a music service across the internet.
    CATALOG_PROVIDER: 'catalog',
    ...overrides,
  };
  const config = loadConfig(env);
  const mode = `${config.databaseUrl ? 'postgres' : 'pglite'} + ${config.redisUrl ? 'Redis adapter' : 'in-memory adapter'}`;
  return {
    env,
    config,
    mode,
    async cleanup() {
      await database?.drop();
      await deleteRedisKeys(config);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
