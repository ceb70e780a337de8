import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { connected, connectSocket, nextPush, type TestSocket } from '../helpers/socket-client.ts';
import {
  PROCESS_TEST_TIMEOUT_MS,
  processDatabase,
  productionSecrets,
  spawnServer,
  stopServer,
  waitUntilServing,
  type ProcessDatabase,
  type ServerProcess,
} from './server-process.ts';

/**
 * SIGTERM on a real server process (`node --import tsx server/src/main.ts`):
 * sockets are told to reconnect elsewhere, new connections are refused, the
 * request in flight is still answered, and the process exits 0; a request
 * that never finishes makes it give up at SHUTDOWN_TIMEOUT_MS with exit 1.
 */

const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-shutdown-'));
const redisUrl = process.env.REDIS_URL;
const redisPrefix = `ffops:${randomBytes(4).toString('hex')}`;
const servers: ServerProcess[] = [];
const databases: ProcessDatabase[] = [];
const sockets: TestSocket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(servers.map((server) => stopServer(server)));
  await Promise.all(databases.map((database) => database.drop()));
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

async function startNode(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = path.join(scratch, randomBytes(4).toString('hex'));
  const database = await processDatabase(dataDir);
  databases.push(database);
  const server = await spawnServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
    ...productionSecrets(),
    ...database.env,
    ...extraEnv,
  });
  servers.push(server);
  await waitUntilServing(server);
  return server;
}

async function guestToken(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/login-as-guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

interface SlowRequest {
  /** Send the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; body: string }>;
}

/**
 * A client that sends its headers and the first byte of its JSON body, then
 * holds the rest: a slow upload, the request a shutdown must not cut off.
 */
function startSlowRequest(server: ServerProcess, url: string, requestId: string): SlowRequest {
  const body = '{ }';
  const request = http.request(`${server.baseUrl}${url}`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 1));
  return { finish: () => request.end(body.slice(1)), response };
}

/** Resolves once the server has logged the arrival of this request. */
async function serverSaw(server: ServerProcess, requestId: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (server.output().includes(`"reqId":"${requestId}"`)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never logged request ${requestId}:\n${server.output()}`);
}

/** The error code of a fresh connection attempt, or 'connected'. */
async function connectAttempt(server: ServerProcess): Promise<string> {
  try {
    await fetch(`${server.baseUrl}/healthz`);
    return 'connected';
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'failed';
  }
}

async function untilConnectionsRefused(server: ServerProcess): Promise<string> {
  let outcome = 'connected';
  for (let i = 0; i < 200 && outcome === 'connected'; i += 1) {
    outcome = await connectAttempt(server);
    if (outcome === 'connected') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return outcome;
}

describe('graceful shutdown of a server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('on SIGTERM tells sockets to reconnect, refuses new connections, answers the request in flight, and exits 0', async () => {
    const server = await startNode();
    const token = await guestToken(server);
    const socket = connectSocket(server.baseUrl, { token });
    sockets.push(socket);
    await connected(socket);
    const draining = nextPush(socket, 'server:draining', 20_000);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const requestId = `ops-inflight-${randomBytes(4).toString('hex')}`;
    const slow = startSlowRequest(server, '/api/v1/login-as-guest', requestId);
    await serverSaw(server, requestId);

    server.child.kill('SIGTERM');
    await draining;
    expect(await disconnected).toBe('io server disconnect');
    expect(await untilConnectionsRefused(server)).toBe('ECONNREFUSED');
    // Still alive: it waits for the request in flight.
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: true,
      data: { access_token: expect.any(String) },
    });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shut down cleanly');
  });

  it('exits 1 when a request is still unfinished at SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startNode({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const requestId = `ops-stuck-${randomBytes(4).toString('hex')}`;
    const stuck = startSlowRequest(server, '/api/v1/login-as-guest', requestId);
    stuck.response.catch(() => undefined);
    await serverSaw(server, requestId);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('shutdown did not finish in time');
  });
});
