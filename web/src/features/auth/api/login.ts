import { loginData, unverifiedData, type LoginBody } from '@floorfill/shared';
import { api, type ApiError } from '@/lib/api-client';

export function login(body: LoginBody) {
  return api.post('/api/auth/login', { body, schema: loginData });
}

/** A new guest session; `name` is the first name given on an event landing, if any. */
export function loginAsGuest(name?: string) {
  return api.post('/api/v1/login-as-guest', { body: name ? { name } : {}, schema: loginData });
}

/** The email of a 403 "verify your email first" answer, or null for any other failure. */
export function unverifiedEmailOf(error: ApiError): string | null {
  if (error.httpStatus !== 403) return null;
  const parsed = unverifiedData.safeParse(error.data);
  return parsed.success ? parsed.data.email : null;
}
