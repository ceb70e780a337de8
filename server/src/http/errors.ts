import type { FieldErrors } from '@floorfill/shared';
import { MSG } from '@floorfill/shared';

/**
 * Errors a client can cause. The error handler turns each into the spec's
 * envelope with its status; anything else is a 500 whose detail is logged, not sent.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 422 with field errors, as a form shows them. */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  constructor(
    readonly fieldErrors: FieldErrors,
    message: string = MSG.invalidData,
  ) {
    super(422, message);
  }
}

export const badRequest = (message: string, data?: Record<string, unknown>) =>
  new HttpError(400, message, data);
export const unauthorized = (message: string = MSG.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden, data?: Record<string, unknown>) =>
  new HttpError(403, message, data);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, data?: Record<string, unknown>) =>
  new HttpError(429, message, data);
export const fieldError = (field: string, message: string) =>
  new ValidationError({ [field]: [message] });

/** What made a node turn a request away; the label of the shed-requests counter. */
export type OverloadReason =
  'event_loop_delay' | 'event_loop_utilization' | 'pool_waiting' | 'pool_exhausted';

/**
 * This node has more work than it can serve right now, so it says so at once
 * instead of answering late or not at all. Neither the client's fault nor an
 * outage: the error handler answers 503 with Retry-After, and the client
 * tries again in a moment (here or on another node).
 */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError';
  constructor(readonly reason: OverloadReason) {
    super(MSG.serverBusy);
  }
}
