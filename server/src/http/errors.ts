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
