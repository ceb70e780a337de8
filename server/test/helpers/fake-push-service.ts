import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionJson } from '@floorfill/shared';

/**
 * A browser's push service on loopback, speaking Web Push's wire format:
 * it hands out subscriptions as a browser's PushManager would (an endpoint,
 * the phone's P-256 key and auth secret), and takes a message only as a real
 * push service does — a VAPID JWT (RFC 8292) signed by the key the
 * subscription was made with, for this service's origin, not expired — and
 * opens its aes128gcm payload (RFC 8291, RFC 8188) with the phone's private
 * key. Written from the RFCs, not from the library the server sends with.
 */

export interface ReceivedPush {
  subscriptionId: string;
  /** The payload as the phone reads it once decrypted. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The JWT's claims (aud, exp, sub). */
  claims: { aud: string; exp: number; sub: string };
}

interface FakeSubscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  /** The applicationServerKey the page subscribed with: only its holder may send. */
  serverKey: string;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A push service's refusal: status and the reason in its body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function verifyVapid(header: string | undefined, serverKey: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no VAPID authorization');
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverKey) throw new Refusal(403, 'not the key this subscription was made with');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Refusal(401, 'malformed JWT');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Refusal(401, 'JWT must be ES256');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'bad JWT signature');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Refusal(401, `JWT audience ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) {
    throw new Refusal(401, 'JWT expired or valid for more than 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(401, 'JWT subject not mailto/https');
  return claims;
}

/** Opens an aes128gcm message (one record) sent to this phone. */
function decrypt(body: Buffer, subscription: FakeSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Refusal(400, 'more than one record');
  const phoneKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), phoneKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Refusal(400, 'no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export interface FakePushService {
  origin: string;
  /** A new phone's subscription, made with the server's public VAPID key. */
  subscribe(serverKey: string): PushSubscriptionJson;
  /** Every message taken so far, in arrival order. */
  received: ReceivedPush[];
  /** Messages refused, with why (a test fails on any it did not plan). */
  refused: { subscriptionId: string; status: number; reason: string }[];
  /** Answer the next `times` messages to this subscription with `status` instead of taking them. */
  answerWith(subscriptionId: string, status: number, times?: number): void;
  /** Called with each message taken (the e2e hands it to the browser). */
  onPush(listener: (push: ReceivedPush) => void | Promise<void>): void;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, FakeSubscription>();
  const planned = new Map<string, { status: number; times: number }>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  const listeners: Array<(push: ReceivedPush) => void | Promise<void>> = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      try {
        if (request.method !== 'POST') throw new Refusal(405, 'POST only');
        if (!subscription) throw new Refusal(404, 'no such subscription');
        const body = await readBody(request);
        const plan = planned.get(id);
        if (plan && plan.times > 0) {
          plan.times -= 1;
          response.writeHead(plan.status).end();
          return;
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Refusal(400, 'Content-Encoding must be aes128gcm');
        }
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL header required');
        const claims = verifyVapid(request.headers.authorization, subscription.serverKey, origin);
        const push: ReceivedPush = {
          subscriptionId: id,
          text: decrypt(body, subscription),
          ttl,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          claims,
        };
        received.push(push);
        for (const listener of listeners) await listener(push);
        response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 400;
        const reason = error instanceof Error ? error.message : String(error);
        refused.push({ subscriptionId: id, status, reason });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(serverKey) {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { id, ecdh, auth, serverKey });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answerWith(subscriptionId, status, times = Number.POSITIVE_INFINITY) {
      planned.set(subscriptionId, { status, times });
    },
    onPush(listener) {
      listeners.push(listener);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The id the fake gave a subscription, from its endpoint. */
export function fakeSubscriptionId(subscription: PushSubscriptionJson): string {
  return subscription.endpoint.split('/').pop() ?? '';
}
