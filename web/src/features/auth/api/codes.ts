import {
  resendOtpData,
  type ResendOtpBody,
  type SendOtpBody,
  type VerifyEmailBody,
  type VerifyOtpBody,
} from '@floorfill/shared';
import { z } from 'zod';
import { api, type ApiError } from '@/lib/api-client';

/** Calls around the emailed six-digit codes: verify email, reset password, resend. */

export function verifyEmail(body: VerifyEmailBody) {
  return api.post('/api/auth/verify-email', { body });
}

export function sendResetCode(body: SendOtpBody) {
  return api.post('/api/auth/sendOtp', { body, schema: resendOtpData });
}

export function resetPassword(body: VerifyOtpBody) {
  return api.post('/api/auth/verifyOtp', { body });
}

export function resendCode(body: ResendOtpBody) {
  return api.post('/api/v1/resend-otp', { body, schema: resendOtpData });
}

const retryAfter = z.object({ retry_after_seconds: z.number().int().nonnegative() });

/** Seconds a 429 answer asks the client to wait, when it says so. */
export function retryAfterSecondsOf(error: ApiError): number | null {
  if (error.httpStatus !== 429) return null;
  const parsed = retryAfter.safeParse(error.data);
  return parsed.success ? parsed.data.retry_after_seconds : null;
}
