import {
  CHALLENGE_HEADER,
  CHALLENGE_STATUS,
  fieldErrorsSchema,
  MSG,
  paginationSchema,
  type AltchaChallenge,
  type FieldErrors,
  type Pagination,
} from '@floorfill/shared';
import type { z } from 'zod';
import { ApiError, reportUnauthorized } from './api-error';
import {
  challengeIn,
  ChallengeUnsolvedError,
  MAX_CHALLENGE_ROUNDS,
  solveChallenge,
  startChecking,
} from './challenge';
import { peekPageAnswer, takeEarlyResponse, takePageAnswer } from './early-requests';

export {
  ApiError,
  errorMessageOf,
  isApiError,
  isConnectionLost,
  isRefused,
  isWaitingForNetwork,
  setUnauthorizedHandler,
} from './api-error';

/**
 * The one door to the API. The session lives in an HttpOnly cookie set by the
 * server, so requests are same-origin with credentials and no token is ever
 * read or stored here. Every answer is the spec's envelope
 * `{status, msg, data, errors}` (paged lists add `pagination`, read by
 * `api.getPage`); failures become an `ApiError`. A busy address's
 * proof-of-work challenge is solved here, unseen by the caller.
 */

export interface ApiResponse<T> {
  msg: string;
  data: T;
}

/** A paged list: the envelope carries `pagination` beside `data`. */
export interface ApiPage<T> extends ApiResponse<T> {
  pagination: Pagination;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
}

export interface TypedRequestOptions<T> extends RequestOptions {
  /** Validates and types `data` of a successful answer. */
  schema: z.ZodType<T>;
}

/**
 * Calls that answer 401 as part of their normal job (wrong password, nobody
 * signed in yet) must not trigger the session-expired handler.
 */
const AUTH_ENDPOINTS = ['/api/auth/', '/api/v1/resend-otp', '/api/v1/login-as-guest'];

export function isAuthEndpoint(path: string): boolean {
  return AUTH_ENDPOINTS.some((prefix) => path.startsWith(prefix));
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The call's request; `altcha` is the proof of a solved busy-address challenge, when sent again. */
function buildInit(method: string, options: RequestOptions, altcha?: string): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (altcha) headers[CHALLENGE_HEADER] = altcha;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  return init;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function extractFieldErrors(envelope: Record<string, unknown>): FieldErrors {
  for (const candidate of [envelope.errors, envelope.data]) {
    const parsed = fieldErrorsSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return {};
}

/**
 * Seconds a refusal asks the client to wait: the envelope's
 * `retry_after_seconds`, else the Retry-After header; null when it says neither.
 */
function retryAfterOf(response: Response, envelope: Record<string, unknown>): number | null {
  const { data } = envelope;
  if (isRecord(data) && typeof data.retry_after_seconds === 'number') {
    return Math.max(0, data.retry_after_seconds);
  }
  const header = response.headers.get('Retry-After');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/**
 * The words of a failure. The generic refusal says "try again later"; the
 * client knows how much later, so it says that ("try again in 40 s"). A
 * refusal the server worded itself (a code's cooldown) keeps its words.
 */
function messageOf(status: number, envelope: Record<string, unknown>, wait: number | null): string {
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : MSG.unexpected;
  if (status === 429 && wait !== null && (msg === MSG.tooManyRequests || msg === MSG.unexpected)) {
    return MSG.tooManyTries(wait);
  }
  return msg;
}

function toApiError(response: Response, body: unknown): ApiError {
  const envelope = isRecord(body) ? body : {};
  const retryAfterSeconds = retryAfterOf(response, envelope);
  return new ApiError({
    httpStatus: response.status,
    msg: messageOf(response.status, envelope, retryAfterSeconds),
    fieldErrors: response.status === 422 ? extractFieldErrors(envelope) : {},
    data: envelope.data,
    retryAfterSeconds,
  });
}

type Envelope = Record<string, unknown>;

/** An answer succeeded when its HTTP status says so and its envelope does not say otherwise. */
function isSuccess(httpOk: boolean, body: unknown): body is Envelope {
  return httpOk && isRecord(body) && body.status !== false;
}

interface Answer {
  response: Response;
  body: unknown;
}

async function receive(pending: Promise<Response>): Promise<Answer> {
  let response: Response;
  try {
    response = await pending;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ httpStatus: 0, msg: MSG.unexpected });
  }
  return { response, body: await readJson(response) };
}

/** A challenge this page could not solve: said as such, never as a lost connection. */
async function proofFor(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string> {
  try {
    return await solveChallenge(challenge, signal);
  } catch (error) {
    if (error instanceof ChallengeUnsolvedError) {
      throw new ApiError({ httpStatus: CHALLENGE_STATUS, msg: MSG.checkFailed });
    }
    throw error;
  }
}

/**
 * Sends the call and returns the envelope of a success; any failure is thrown
 * as an `ApiError`. A busy address's challenge (428) is solved here and the
 * same call sent again with its proof, a few rounds at most: the caller sees
 * only a slower answer.
 */
async function send(method: string, path: string, options: RequestOptions): Promise<Envelope> {
  const url = buildUrl(path, options.query);
  const early = method === 'GET' ? takeEarlyResponse(url) : undefined;
  let answer = await receive(early ?? fetch(url, buildInit(method, options)));
  let stopChecking: (() => void) | undefined;
  try {
    for (let round = 1; answer.response.status === CHALLENGE_STATUS; round += 1) {
      const challenge = challengeIn(answer.body);
      if (!challenge) break;
      if (round > MAX_CHALLENGE_ROUNDS) {
        throw new ApiError({ httpStatus: CHALLENGE_STATUS, msg: MSG.checkFailed });
      }
      stopChecking ??= startChecking();
      const proof = await proofFor(challenge, options.signal);
      answer = await receive(fetch(url, buildInit(method, options, proof)));
    }
  } finally {
    stopChecking?.();
  }

  const { response, body } = answer;
  if (!isSuccess(response.ok, body)) {
    if (response.status === 401 && !isAuthEndpoint(path)) reportUnauthorized();
    throw toApiError(response, body);
  }
  return body;
}

function msgOf(envelope: Envelope): string {
  return typeof envelope.msg === 'string' ? envelope.msg : '';
}

/** A success the client cannot read is a failure like any other, with the generic message. */
function parseAnswer<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError({ httpStatus: 200, msg: MSG.unexpected, data: value });
  }
  return parsed.data;
}

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions | TypedRequestOptions<T>,
): Promise<ApiResponse<unknown> | ApiResponse<T>> {
  const envelope = await send(method, path, options);
  const msg = msgOf(envelope);
  if (!('schema' in options)) return { msg, data: envelope.data };
  return { msg, data: parseAnswer(options.schema, envelope.data) };
}

/**
 * The validated `data` of a successful answer to GET `path` that the server
 * put inside this page (lib/early-requests.ts), taken at once instead of by
 * the first call: a page that has it draws its content in its first render
 * instead of a loader. Undefined when the page holds no such answer, or holds
 * a failure or data the schema refuses: that answer is left for the first
 * call, which meets it as if the server had just given it.
 */
export function takeAnswerInPage<T>(
  path: string,
  options: Pick<TypedRequestOptions<T>, 'query' | 'schema'>,
): T | undefined {
  const url = buildUrl(path, options.query);
  const answer = peekPageAnswer(url);
  if (!answer) return undefined;
  const ok = answer.status >= 200 && answer.status < 300;
  if (!isSuccess(ok, answer.body)) return undefined;
  const parsed = options.schema.safeParse(answer.body.data);
  if (!parsed.success) return undefined;
  takePageAnswer(url);
  return parsed.data;
}

/**
 * `refetchOnMount` of a query that starts from the page's own answer
 * (`initialData` from `takeAnswerInPage`): what was never fetched is not
 * fetched as it mounts, since that answer is as fresh as the fetch would be;
 * once fetched, the query refetches on mount as any other.
 */
export function refetchOnMountUnlessFromPage(query: {
  state: { dataUpdateCount: number };
}): boolean {
  return query.state.dataUpdateCount > 0;
}

/** GET of a paged list: typed `data` plus the envelope's `pagination`. */
async function requestPage<T>(path: string, options: TypedRequestOptions<T>): Promise<ApiPage<T>> {
  const envelope = await send('GET', path, options);
  return {
    msg: msgOf(envelope),
    data: parseAnswer(options.schema, envelope.data),
    pagination: parseAnswer(paginationSchema, envelope.pagination),
  };
}

function createMethod(method: string) {
  function call(path: string, options?: RequestOptions): Promise<ApiResponse<unknown>>;
  function call<T>(path: string, options: TypedRequestOptions<T>): Promise<ApiResponse<T>>;
  function call<T>(
    path: string,
    options: RequestOptions | TypedRequestOptions<T> = {},
  ): Promise<ApiResponse<unknown> | ApiResponse<T>> {
    return request(method, path, options);
  }
  return call;
}

export const api = {
  get: createMethod('GET'),
  getPage: requestPage,
  post: createMethod('POST'),
  put: createMethod('PUT'),
  delete: createMethod('DELETE'),
};
