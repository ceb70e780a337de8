import type { SessionData } from '@floorfill/shared';
import { getSession } from '@/features/auth/api/session';

/**
 * Who is signed in, as a lazy chunk of its own (the API client and zod come
 * with it): `session-request.ts` imports this module only dynamically, so the
 * first paint does not wait for that code.
 */
export function askWhoIsSignedIn(): Promise<SessionData | null> {
  return getSession();
}
