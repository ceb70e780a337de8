import type { ErrorEnvelope, FieldErrors, OkEnvelope } from '@floorfill/shared';

/** The one place that shapes answers (spec §7/§8 envelope). */
export function ok<T>(msg: string, data: T): OkEnvelope<T> {
  return { status: true, msg, data };
}

export function failure(msg: string, data?: Record<string, unknown>): ErrorEnvelope {
  return data === undefined ? { status: false, msg } : { status: false, msg, data };
}

export function validationFailure(msg: string, fieldErrors: FieldErrors): ErrorEnvelope {
  return { status: false, msg, data: fieldErrors, errors: fieldErrors };
}
