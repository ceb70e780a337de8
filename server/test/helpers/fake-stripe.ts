import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the payments feature calls,
 * speaking Stripe's wire format: form-encoded bodies with nested `a[b][c]`
 * keys, Bearer authentication, JSON objects shaped like Stripe's, errors in
 * Stripe's `{ error: { type, code, message, param } }` envelope, and
 * Idempotency-Key replays. The real `stripe` SDK is pointed at it through
 * STRIPE_API_BASE_URL, so the production client code runs unchanged. Every
 * request is recorded so tests can check what the SDK sent.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_floorfillfake0000000000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_floorfillfaketestsecret';
/** The publishable key Stripe.js (or its test double) confirms setups and payments with. */
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_floorfillfake0000000000';

/** Stripe's test cards the fake knows: fine, needs the bank's check on payment, declined on payment. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  authenticationRequired: '4000002500003155',
  declinedOnPayment: '4000000000000341',
} as const;

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: FormObject;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  default_currency: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  /** What the session's PaymentIntent will be made with (`payment_intent_data`). */
  payment_intent_data: { capture_method: string; metadata: Record<string, string> };
  livemode: false;
  created: number;
  expires_at: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  created: number;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: string;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  status:
    'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  /** `manual`: the payment is only authorised until captured (or cancelled). */
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  amount_capturable: number;
  amount_received: number;
  next_action: { type: 'use_stripe_sdk' } | null;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  metadata: Record<string, string>;
  created: number;
}

class FakeStripeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
  ) {
    super(error.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `line_items[0][price_data][currency]=usd` and friends into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: FormObject = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object' && !Array.isArray(next)) {
        node = next;
        return;
      }
      const created: FormObject = {};
      node[part] = created;
      node = created;
    });
  }
  return arraysFromIndexedObjects(root) as FormObject;
}

function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key] as FormValue);
  }
  return converted;
}

/** A nested form value by path (`at(body, 'payment_intent_data', 'transfer_data', 'destination')`). */
export function at(
  body: FormValue | undefined,
  ...path: Array<string | number>
): FormValue | undefined {
  let node = body;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[String(part)];
  }
  return node;
}

function text(body: FormObject, ...path: string[]): string | undefined {
  const value = at(body, ...path);
  return typeof value === 'string' ? value : undefined;
}

function stringRecord(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === 'string' || Array.isArray(value)) return {};
  const record: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') record[key] = entry;
  }
  return record;
}

function missing(param: string): FakeStripeError {
  return new FakeStripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  /** The full number behind each payment method: Stripe's to know, never the app's. */
  private readonly cardNumbers = new Map<string, string>();
  private readonly replays = new Map<string, { status: number; body: string }>();
  private failures: Array<{ path: RegExp; status: number; message: string }> = [];
  private server: http.Server | undefined;
  /** The real SDK, for signing webhook payloads exactly as Stripe does. */
  readonly sdk = new Stripe(FAKE_STRIPE_SECRET_KEY);

  constructor(
    readonly secretKey = FAKE_STRIPE_SECRET_KEY,
    readonly publishableKey = FAKE_STRIPE_PUBLISHABLE_KEY,
  ) {}

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response);
    });
    // Clients keep connections to Stripe open between calls. Node closes an idle one after
    // 5 s by default, and a client that sends on it just then reads ECONNRESET (a race
    // Stripe's own servers, with their long idle timeout, never show): keep them until stop().
    this.server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` requests to a matching path answer this Stripe error (the SDK retries 5xx). */
  failNext(path: RegExp, status = 500, times = 1, message = 'An unknown error occurred'): void {
    for (let index = 0; index < times; index += 1) this.failures.push({ path, status, message });
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  /** What Stripe would report after the host worked through onboarding (or got restricted). */
  updateAccount(id: string, patch: Partial<FakeAccount>): FakeAccount {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`no fake account ${id}`);
    Object.assign(account, patch);
    return account;
  }

  /** The attendee paid: the session completes with a payment intent. */
  completeSession(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake checkout session ${id}`);
    session.status = 'complete';
    session.url = null;
    if (session.payment_intent_data.capture_method !== 'manual') {
      session.payment_status = 'paid';
      session.payment_intent = randomId('pi');
      return session;
    }
    // Authorised, not captured: the session stays unpaid and its PaymentIntent waits for capture.
    const intent = this.newPaymentIntent({
      amount: session.amount_total,
      currency: session.currency,
      capture_method: 'manual',
      metadata: session.payment_intent_data.metadata,
    });
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    this.paymentIntents.set(intent.id, intent);
    session.payment_status = 'unpaid';
    session.payment_intent = intent.id;
    return session;
  }

  /** Stripe cancels an authorisation nobody captured (after 7 days), or the bank drops it. */
  expireAuthorization(paymentIntentId: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`no fake payment intent ${paymentIntentId}`);
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    return intent;
  }

  private newPaymentIntent(fields: {
    amount: number;
    currency: string;
    capture_method: FakePaymentIntent['capture_method'];
    metadata: Record<string, string>;
  }): FakePaymentIntent {
    const id = randomId('pi');
    return {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      currency: fields.currency,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: null,
      payment_method: null,
      status: 'requires_payment_method',
      capture_method: fields.capture_method,
      amount_capturable: 0,
      amount_received: 0,
      next_action: null,
      transfer_data: null,
      application_fee_amount: null,
      metadata: fields.metadata,
      created: now(),
    };
  }

  expireSession(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake checkout session ${id}`);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /**
   * What Stripe.js does when the attendee submits the card form: the card
   * goes to Stripe, becomes a PaymentMethod on the SetupIntent's Customer,
   * and the SetupIntent succeeds.
   */
  confirmSetup(
    setupIntentId: string,
    card: { number: string; exp_month: number; exp_year: number },
  ): FakeSetupIntent {
    const setupIntent = this.setupIntents.get(setupIntentId);
    if (!setupIntent) throw new Error(`no fake setup intent ${setupIntentId}`);
    const method: FakePaymentMethod = {
      id: randomId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: setupIntent.customer,
      card: {
        brand: brandOfNumber(card.number),
        last4: card.number.slice(-4),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        country: 'US',
      },
      created: now(),
    };
    this.paymentMethods.set(method.id, method);
    this.cardNumbers.set(method.id, card.number);
    setupIntent.payment_method = method.id;
    setupIntent.status = 'succeeded';
    return setupIntent;
  }

  /** What Stripe.js does once the bank's check passed: the PaymentIntent succeeds. */
  /** The bank's check was refused: Stripe sends the intent back for another payment method. */
  failAuthentication(paymentIntentId: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`no fake payment intent ${paymentIntentId}`);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    return intent;
  }

  completeAuthentication(paymentIntentId: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`no fake payment intent ${paymentIntentId}`);
    this.authorised(intent);
    intent.next_action = null;
    return intent;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const body = parseStripeForm(method === 'GET' ? url.search.slice(1) : rawBody);
    const idempotencyKey = header(request, 'idempotency-key');
    this.requests.push({ method, path: url.pathname, idempotencyKey, body });

    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      const json = JSON.stringify(payload);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        ...extra,
      });
      response.end(json);
      return json;
    };

    const authorization = header(request, 'authorization');
    // Stripe.js sends the publishable key as a form field, and may only confirm with a client secret.
    const browserCall =
      text(body, 'key') === this.publishableKey && BROWSER_PATHS.test(url.pathname);
    if (authorization !== `Bearer ${this.secretKey}` && !browserCall) {
      send(401, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        },
      });
      return;
    }

    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      response.end(replay.body);
      return;
    }

    try {
      const failure = this.failures.findIndex((entry) => entry.path.test(url.pathname));
      if (failure >= 0) {
        const [planned] = this.failures.splice(failure, 1);
        throw new FakeStripeError(planned?.status ?? 500, {
          type: 'api_error',
          message: planned?.message ?? 'An unknown error occurred',
        });
      }
      const result = this.route(method, url.pathname, body);
      const json = send(200, result);
      if (replayKey && method === 'POST') this.replays.set(replayKey, { status: 200, body: json });
    } catch (error) {
      if (!(error instanceof FakeStripeError)) throw error;
      send(error.statusCode, { error: error.error });
    }
  }

  private route(method: string, path: string, body: FormObject): unknown {
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(body);
    const accountMatch = /^\/v1\/accounts\/([\w-]+)$/.exec(path);
    if (method === 'GET' && accountMatch) return this.requireAccount(accountMatch[1] ?? '');
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(body);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(body);
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(body);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(body);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = this.requireObject(this.sessions, sessionMatch[1] ?? '', 'session');
      if (method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status of open can be expired. This session has a status of ${session.status}.`,
          });
        }
        this.expireSession(session.id);
      }
      return session;
    }
    const [, kind, id, action] =
      /^\/v1\/(setup_intents|payment_intents|payment_methods)\/(\w+)(?:\/(confirm|detach|capture|cancel))?$/.exec(
        path,
      ) ?? [];
    if (kind === 'setup_intents' && id) {
      const setupIntent = this.requireObject(this.setupIntents, id, 'setup_intent');
      if (method === 'POST' && action === 'confirm') {
        this.requireClientSecret(body, setupIntent.client_secret);
        const number = text(body, 'payment_method_data', 'card', 'number');
        if (!number) throw missing('payment_method_data[card][number]');
        this.confirmSetup(id, {
          number,
          exp_month: Number(text(body, 'payment_method_data', 'card', 'exp_month') ?? '12'),
          exp_year: Number(text(body, 'payment_method_data', 'card', 'exp_year') ?? '2030'),
        });
      }
      return this.expanded(setupIntent, body);
    }
    if (kind === 'payment_intents' && id) {
      const intent = this.requireObject(this.paymentIntents, id, 'payment_intent');
      if (method === 'POST' && action === 'confirm') {
        this.requireClientSecret(body, intent.client_secret);
        if (intent.status === 'requires_action') this.completeAuthentication(id);
      }
      if (method === 'POST' && action === 'capture') return this.capture(intent);
      if (method === 'POST' && action === 'cancel') return this.cancel(intent);
      return this.expanded(intent, body);
    }
    if (kind === 'payment_methods' && id && method === 'GET' && !action) {
      return this.requireObject(this.paymentMethods, id, 'payment_method');
    }
    if (kind === 'payment_methods' && id && method === 'POST' && action === 'detach') {
      const paymentMethod = this.requireObject(this.paymentMethods, id, 'payment_method');
      if (!paymentMethod.customer) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message:
            'The payment method you provided is not attached to a customer so detachment is impossible.',
        });
      }
      paymentMethod.customer = null;
      return paymentMethod;
    }
    throw new FakeStripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private requireObject<T>(objects: Map<string, T>, id: string, param: string): T {
    const found = objects.get(id);
    if (!found) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${param}: '${id}'`,
        param,
      });
    }
    return found;
  }

  private requireClientSecret(body: FormObject, clientSecret: string): void {
    const given = text(body, 'client_secret');
    if (given !== undefined && given !== clientSecret) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        message:
          'The client_secret provided does not match the client_secret associated with this object.',
        param: 'client_secret',
      });
    }
  }

  /** `expand[]=payment_method` embeds the PaymentMethod, as Stripe does. */
  private expanded<T extends { payment_method: string | null }>(object: T, body: FormObject) {
    const expand = at(body, 'expand');
    const wanted = Array.isArray(expand) ? expand : [];
    if (!wanted.includes('payment_method') || !object.payment_method) return object;
    return { ...object, payment_method: this.paymentMethods.get(object.payment_method) ?? null };
  }

  private createCustomer(body: FormObject): FakeCustomer {
    const customer: FakeCustomer = {
      id: randomId('cus'),
      object: 'customer',
      email: text(body, 'email') ?? null,
      metadata: stringRecord(at(body, 'metadata')),
      created: now(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createSetupIntent(body: FormObject): FakeSetupIntent {
    const customer = text(body, 'customer');
    if (customer) this.requireObject(this.customers, customer, 'customer');
    const id = randomId('seti');
    const setupIntent: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: customer ?? null,
      usage: text(body, 'usage') ?? 'off_session',
      status: 'requires_payment_method',
      payment_method: null,
      metadata: stringRecord(at(body, 'metadata')),
      created: now(),
    };
    this.setupIntents.set(id, setupIntent);
    return setupIntent;
  }

  private createPaymentIntent(body: FormObject): FakePaymentIntent {
    const amount = Number(text(body, 'amount'));
    if (!Number.isInteger(amount) || amount <= 0) throw missing('amount');
    const currency = text(body, 'currency');
    if (!currency) throw missing('currency');
    const customer = text(body, 'customer') ?? null;
    const paymentMethod = text(body, 'payment_method') ?? null;
    if (paymentMethod) {
      const method = this.requireObject(this.paymentMethods, paymentMethod, 'payment_method');
      if (method.customer !== customer) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message: `The provided PaymentMethod ${paymentMethod} does not belong to this customer.`,
          param: 'payment_method',
        });
      }
    }
    const destination = text(body, 'transfer_data', 'destination');
    if (destination && !this.requireAccount(destination).charges_enabled) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        message: `The destination account ${destination} cannot take charges yet.`,
        param: 'transfer_data[destination]',
      });
    }
    const id = randomId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      payment_method: paymentMethod,
      status: 'requires_payment_method',
      capture_method: captureMethodOf(text(body, 'capture_method')),
      amount_capturable: 0,
      amount_received: 0,
      next_action: null,
      transfer_data: destination ? { destination } : null,
      application_fee_amount: text(body, 'application_fee_amount')
        ? Number(text(body, 'application_fee_amount'))
        : null,
      metadata: stringRecord(at(body, 'metadata')),
      created: now(),
    };
    if (text(body, 'confirm') === 'true' && paymentMethod) {
      const number = this.cardNumbers.get(paymentMethod);
      if (number === TEST_CARDS.declinedOnPayment) {
        throw new FakeStripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
        });
      }
      if (number === TEST_CARDS.authenticationRequired) {
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk' };
      } else {
        this.authorised(intent);
      }
    }
    this.paymentIntents.set(id, intent);
    return intent;
  }

  /** A payment the card allowed: taken at once, or only held for a manual capture. */
  private authorised(intent: FakePaymentIntent): void {
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
  }

  private unexpectedState(intent: FakePaymentIntent, action: string): FakeStripeError {
    return new FakeStripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
    });
  }

  private capture(intent: FakePaymentIntent): FakePaymentIntent {
    if (intent.status !== 'requires_capture') throw this.unexpectedState(intent, 'captured');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount_capturable;
    intent.amount_capturable = 0;
    return intent;
  }

  private cancel(intent: FakePaymentIntent): FakePaymentIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw this.unexpectedState(intent, 'canceled');
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    return intent;
  }

  readonly refunds: Array<{ id: string; payment_intent: string; amount: number }> = [];

  private createRefund(body: FormObject) {
    const intentId = text(body, 'payment_intent');
    if (!intentId) throw missing('payment_intent');
    const intent = this.requireObject(this.paymentIntents, intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `PaymentIntent ${intentId} has no successful charge to refund.`,
      });
    }
    const refund = {
      id: randomId('re'),
      object: 'refund' as const,
      payment_intent: intentId,
      amount: intent.amount_received,
      currency: intent.currency,
      status: 'succeeded',
      created: now(),
    };
    this.refunds.push(refund);
    return refund;
  }

  private requireAccount(id: string): FakeAccount {
    const account = this.accounts.get(id);
    if (!account) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such account: '${id}'`,
        param: 'account',
      });
    }
    return account;
  }

  private createAccount(body: FormObject): FakeAccount {
    const capabilities: FakeAccount['capabilities'] = {};
    const requested = at(body, 'capabilities');
    if (requested && typeof requested === 'object' && !Array.isArray(requested)) {
      for (const name of Object.keys(requested)) capabilities[name] = 'inactive';
    }
    const account: FakeAccount = {
      id: randomId('acct'),
      object: 'account',
      type: text(body, 'type') ?? 'standard',
      email: text(body, 'email') ?? null,
      country: text(body, 'country') ?? 'US',
      default_currency: 'usd',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities,
      metadata: stringRecord(at(body, 'metadata')),
      created: now(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private createAccountLink(body: FormObject) {
    const account = text(body, 'account');
    if (!account) throw missing('account');
    if (!text(body, 'type')) throw missing('type');
    if (!text(body, 'refresh_url')) throw missing('refresh_url');
    if (!text(body, 'return_url')) throw missing('return_url');
    this.requireAccount(account);
    const created = now();
    return {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(9).toString('hex')}`,
    };
  }

  private createSession(body: FormObject): FakeCheckoutSession {
    const mode = text(body, 'mode');
    if (!mode) throw missing('mode');
    const items = at(body, 'line_items');
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    let amount = 0;
    for (const item of items) {
      const unit = Number(at(item, 'price_data', 'unit_amount'));
      const quantity = Number(at(item, 'quantity') ?? '1');
      amount += unit * quantity;
    }
    const destination = text(body, 'payment_intent_data', 'transfer_data', 'destination');
    if (destination) {
      const account = this.requireAccount(destination);
      if (!account.charges_enabled) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message: `The destination account ${destination} cannot take charges yet.`,
          param: 'payment_intent_data[transfer_data][destination]',
        });
      }
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const created = now();
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: text(body, 'line_items', '0', 'price_data', 'currency') ?? 'usd',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      success_url: text(body, 'success_url') ?? null,
      cancel_url: text(body, 'cancel_url') ?? null,
      client_reference_id: text(body, 'client_reference_id') ?? null,
      metadata: stringRecord(at(body, 'metadata')),
      payment_intent: null,
      payment_intent_data: {
        capture_method: text(body, 'payment_intent_data', 'capture_method') ?? 'automatic',
        metadata: stringRecord(at(body, 'payment_intent_data', 'metadata')),
      },
      livemode: false,
      created,
      expires_at: created + 24 * 3600,
    };
    this.sessions.set(id, session);
    return session;
  }
}

function captureMethodOf(value: string | undefined): FakePaymentIntent['capture_method'] {
  return value === 'manual' || value === 'automatic_async' ? value : 'automatic';
}

/** The calls Stripe.js makes with the publishable key (the rest need the secret key). */
const BROWSER_PATHS = /^\/v1\/(setup_intents|payment_intents)\/\w+(\/confirm)?$/;

function brandOfNumber(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeStripe(): Promise<{ fake: FakeStripe; baseUrl: string }> {
  const fake = new FakeStripe();
  const baseUrl = await fake.start();
  return { fake, baseUrl };
}
