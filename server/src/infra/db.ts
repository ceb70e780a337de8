import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types as pgliteTypes, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import { PreparingClient } from './prepared-statements.ts';
import pg from 'pg';
import type { Database } from './database-types.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Repositories take either, so a route can run several of them in one transaction. */
export type DbOrTrx = Db | Trx;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The pg pool when on real Postgres (for metrics); undefined on PGlite. */
  pool: pg.Pool | undefined;
  /** The PGlite instance in the embedded mode (test snapshots); undefined on Postgres. */
  pglite: PGlite | undefined;
  close(): Promise<void>;
}

// timestamptz and date arrive as Date by default; dates of birth stay 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** How long a query waits for a pool connection, or a new connection takes to open; 5 s unless given. */
  connectionTimeoutMs?: number;
  /** Open an existing PGlite data dump instead of a directory (test snapshots). */
  pgliteLoadDataDir?: Blob;
  /** Keep PGlite in memory (tests): nothing is written under dataDir. */
  pgliteInMemory?: boolean;
}

/**
 * Postgres settings for PGlite, sized for one laptop rather than a server.
 * PGlite's Postgres lives in a single WASM memory that never shrinks, so
 * every page it has touched stays resident until the process exits: the
 * stock 128 MB of shared buffers held ~150 MB once the app had served a
 * few requests, against ~30 MB with these. 16 MB of buffers holds a new
 * database whole (about 9 MB, the catalog and its search index 1 MB of it),
 * and a page beyond them is one read from the operating system's file
 * cache. Smaller buffers also open faster (about 0.4 s less CPU here):
 * Postgres clears its shared memory at start.
 */
const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
} as const;

/** PGlite's own start parameters (single-user mode, no parallel workers, …) plus PGLITE_SETTINGS. */
function pgliteStartParams(): string[] {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return [...PGlite.defaultStartParams, ...settings];
}

/**
 * Makes a new PGlite database in `pgDataDir` in a short-lived child process.
 * Creating one (initdb) runs a second Postgres and copies the new cluster
 * through JavaScript buffers, and the allocator keeps what that took (~100
 * MB) for the life of the process even once it is freed. Done in a child,
 * the server only ever opens an existing database, on its first start as on
 * every later one.
 */
async function createPgliteDatabase(pgDataDir: string, startParams: string[]): Promise<void> {
  const script = `
    const { PGlite } = await import(process.argv[1]);
    const pglite = await PGlite.create({ dataDir: process.argv[2], startParams: JSON.parse(process.argv[3]) });
    await pglite.close();`;
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script, pgliteUrl, pgDataDir, JSON.stringify(startParams)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

/** Real Postgres when DATABASE_URL is set, otherwise PGlite (Postgres in WASM) under DATA_DIR. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
      // Hot statements marked PREPARED are parsed and planned once per connection.
      Client: PreparingClient,
    });
    // A client losing its connection must not crash the process: idle ones are
    // replaced by the pool, and a query in flight fails with its own error (a 503).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, pglite: undefined, close: () => db.destroy() };
  }

  const startParams = pgliteStartParams();
  // Same value shapes as node-postgres: dates as 'YYYY-MM-DD', bigint as an exact string.
  const pgliteOptions: PGliteOptions = {
    startParams,
    parsers: {
      [pgliteTypes.DATE]: (value: string) => value,
      [pgliteTypes.INT8]: (value: string) => value,
    },
  };
  if (options.pgliteLoadDataDir) pgliteOptions.loadDataDir = options.pgliteLoadDataDir;
  if (!options.pgliteInMemory) {
    const pgDataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(pgDataDir, { recursive: true });
    const isNew = !existsSync(path.join(pgDataDir, 'PG_VERSION'));
    if (isNew && !options.pgliteLoadDataDir) await createPgliteDatabase(pgDataDir, startParams);
    pgliteOptions.dataDir = pgDataDir;
  }
  const pglite = await PGlite.create(pgliteOptions);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * True when an error means the database cannot be reached right now (answered
 * as 503): refused or dropped connections, a server shutting down or not yet
 * accepting, a connection that could not open in time. A full pool is not
 * among them: see isPoolExhausted.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|connection (is )?closed|is not queryable/i.test(error.message);
}

/**
 * True when a query gave up waiting for one of the pool's connections: every
 * one stayed checked out by other queries for the whole connection timeout.
 * That is this node asking more of the database than its pool carries
 * (overload), not the database being down. pg-pool words it so when a query
 * times out in its queue; a new connection that cannot open in time fails as
 * "Connection terminated due to connection timeout" instead.
 */
export function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
}

/** True when a write pointed at a row that a concurrent transaction deleted (foreign key violation). */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23503';
}

/** True when a write broke the unique constraint named `constraint` (a concurrent write got there first). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint: broken } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && broken === constraint;
}
