import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { splitCode } from '@floorfill/shared';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { connected, type TestSocket } from '../helpers/socket-client.ts';
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
 * The log of a production process (NODE_ENV=production, real SMTP, the most
 * verbose level) through a signup, email verification, login, a session
 * check, both wallet forms, a password reset and a socket: structured lines
 * that follow a request into its mail job and a socket to its handshake, and
 * none of the secrets those steps carried.
 */

const PASSWORD = 'Ops-Log-Password-1!';
const NEW_PASSWORD = 'Ops-Log-Password-2!';
const CARD_NUMBER = '4242424242424242';
const CVC = '7391';
const HOST_SECRET_KEY = 'sk_test_51OpsHostSecretDoNotLog0001';
const PLATFORM_STRIPE_KEY = 'sk_test_opsPlatformKeyDoNotLog0001';
const PLATFORM_WEBHOOK_SECRET = 'whsec_opsWebhookSecretDoNotLog0001';

const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-prodlogs-'));
const redisUrl = process.env.REDIS_URL;
const redisPrefix = `ffops:${randomBytes(4).toString('hex')}`;
const secrets = productionSecrets();
const mails: string[] = [];
let smtp: SMTPServer;
let database: ProcessDatabase;
let server: ServerProcess;

async function startSmtpReceiver(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const smtpPort = await startSmtpReceiver();
  const dataDir = path.join(scratch, 'data');
  database = await processDatabase(dataDir);
  server = await spawnServer({
    NODE_ENV: 'production',
    LOG_LEVEL: 'trace',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    PUBLIC_URL: 'https://floorfill.example.com',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    STRIPE_SECRET_KEY: PLATFORM_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: PLATFORM_WEBHOOK_SECRET,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
    ...secrets,
    ...database.env,
  });
  await waitUntilServing(server);
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  if (server) await stopServer(server);
  await database?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { res, json: (await res.json()) as { data: Record<string, unknown> } };
}

/** The code of the next mail to arrive (mails are counted, so each call waits for a new one). */
async function nextMailedCode(seen: number): Promise<string> {
  for (let i = 0; i < 200 && mails.length <= seen; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const code = mails[seen]?.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in mail ${seen}: ${mails[seen] ?? '(none arrived)'}`);
  return code;
}

interface LogLine {
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

/** Every string anywhere in a parsed log line. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('production logs', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('follow requests into jobs and sockets, and hold no password, code, token, key or card', async () => {
    const email = `ops-logs-${randomBytes(4).toString('hex')}@example.com`;
    const signupRequestId = `ops-signup-${randomBytes(6).toString('hex')}`;
    const socketRequestId = `ops-socket-${randomBytes(6).toString('hex')}`;

    const signup = await call('POST', '/api/auth/signup', {
      headers: { 'x-request-id': signupRequestId },
      body: { name: 'Log Check', email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(signup.res.status).toBe(201);
    const signupCode = await nextMailedCode(0);
    const verify = await call('POST', '/api/auth/verify-email', {
      body: { email, ...splitCode(signupCode) },
    });
    expect(verify.res.status).toBe(200);

    const login = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.res.status).toBe(200);
    const token = String(login.json.data.access_token);
    const userId = Number(login.json.data.id);
    const cookie = login.res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^ff_session=.+/);
    expect((await call('GET', '/api/auth/session', { headers: { cookie } })).res.status).toBe(200);

    const bearer = { authorization: `Bearer ${token}` };
    const hostWallet = await call('POST', '/api/v1/update-host-profile-wallet', {
      headers: bearer,
      body: {
        id: userId,
        stripe_public_key: 'pk_test_51OpsHostPublic0001',
        stripe_secret_key: HOST_SECRET_KEY,
      },
    });
    expect(hostWallet.res.status).toBe(200);
    const card = await call('POST', '/api/v1/update-attendee-profile-wallet', {
      headers: bearer,
      body: {
        id: userId,
        stripe_card_number: CARD_NUMBER.replace(/(\d{4})(?=\d)/g, '$1 '),
        stripe_cvc: CVC,
        stripe_expiry_month: '04',
        stripe_expiry_year: String(new Date().getUTCFullYear() + 1),
      },
    });
    // The spec's old card form is refused (card data never reaches the server), and its
    // number and CVC must not reach the log either.
    expect(card.res.status).toBe(422);

    // Before the reset, which ends every session of the account.
    const socket: TestSocket = io(server.baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
      extraHeaders: { 'x-request-id': socketRequestId },
    });
    await connected(socket);
    const socketId = socket.id;
    socket.disconnect();

    expect((await call('POST', '/api/auth/sendOtp', { body: { email } })).res.status).toBe(200);
    const resetCode = await nextMailedCode(1);
    const reset = await call('POST', '/api/auth/verifyOtp', {
      body: {
        email,
        ...splitCode(resetCode),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(reset.res.status).toBe(200);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const output = server.output();
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);

    // Structured, and a request can be followed into the job it enqueued.
    const signupLines = parsed.filter((line) => line.reqId === signupRequestId);
    expect(signupLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'job completed']),
    );
    expect(signupLines.find((line) => line.msg === 'job completed')).toMatchObject({
      job: 'mail:send',
    });
    // A socket's lines carry its id, its user and the request id of its handshake.
    expect(parsed.find((line) => line.msg === 'socket connected')).toMatchObject({
      socketId,
      userId,
      reqId: socketRequestId,
    });

    const strings = parsed.flatMap(stringsOf);
    const leaks: Array<[string, (text: string) => boolean]> = [
      ['password', (text) => text.includes(PASSWORD)],
      ['new password', (text) => text.includes(NEW_PASSWORD)],
      ['signup code', (text) => new RegExp(`(?<!\\d)${signupCode}(?!\\d)`).test(text)],
      ['reset code', (text) => new RegExp(`(?<!\\d)${resetCode}(?!\\d)`).test(text)],
      ['access token', (text) => text.includes(token)],
      ['session cookie', (text) => text.includes(cookie.split('=')[1] ?? cookie)],
      ['JWT_SECRET', (text) => text.includes(secrets.JWT_SECRET ?? '')],
      ['ENCRYPTION_KEY', (text) => text.includes(secrets.ENCRYPTION_KEY ?? '')],
      ['card number', (text) => text.replace(/\D/g, '').includes(CARD_NUMBER)],
      ['CVC', (text) => text === CVC],
      ['host Stripe secret key', (text) => text.includes(HOST_SECRET_KEY)],
      ['platform Stripe key', (text) => text.includes(PLATFORM_STRIPE_KEY)],
      ['webhook secret', (text) => text.includes(PLATFORM_WEBHOOK_SECRET)],
    ];
    for (const [what, leaked] of leaks) {
      expect(strings.filter(leaked), `${what} in the log`).toEqual([]);
    }
  });
});
