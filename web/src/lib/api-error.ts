import { MSG, type FieldErrors } from '@floorfill/shared';

/**
 * What a failed API call throws, and who is told when the session has ended.
 * Apart from `api-client.ts` (which validates answers with zod) so the app's
 * first paint can handle errors and a lost session without loading zod.
 */

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly msg: string;
  readonly fieldErrors: FieldErrors;
  readonly data: unknown;
  /** How long a refusal (429) or a busy server (503) asks the client to wait, when it says. */
  readonly retryAfterSeconds: number | null;

  constructor(options: {
    httpStatus: number;
    msg: string;
    fieldErrors?: FieldErrors;
    data?: unknown;
    retryAfterSeconds?: number | null;
  }) {
    super(options.msg);
    this.name = 'ApiError';
    this.httpStatus = options.httpStatus;
    this.msg = options.msg;
    this.fieldErrors = options.fieldErrors ?? {};
    this.data = options.data;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A call that got no HTTP answer at all: offline, the connection dropped, or it timed out. */
export function isConnectionLost(error: unknown): boolean {
  return isApiError(error) && error.httpStatus === 0;
}

/** The server refused this device, account or person for now (429): not a lost connection. */
export function isRefused(error: unknown): error is ApiError {
  return isApiError(error) && error.httpStatus === 429;
}

/**
 * A query waiting for the network, or failed for want of one (the app
 * itself came from the service worker): what it shows comes once the phone
 * is back online.
 */
export function isWaitingForNetwork(query: { fetchStatus: string; error: unknown }): boolean {
  return query.fetchStatus === 'paused' || isConnectionLost(query.error);
}

/** The text to show for any failure: the server's `msg`, or the generic one. */
export function errorMessageOf(error: unknown): string {
  return isApiError(error) ? error.msg : MSG.unexpected;
}

let unauthorizedHandler: (() => void) | null = null;

/** The app registers what a lost session means (clear store, remember path, go to login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** A data call answered 401: the session ended elsewhere. */
export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}
