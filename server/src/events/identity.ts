import { MSG } from '@floorfill/shared';
import type { RequestSession } from '../auth/session.ts';
import { forbidden } from '../http/errors.ts';

/**
 * The spec's clients send who they are (host_id, user_id, attendee_id, id);
 * the session decides. A claimed id is accepted only when it is the caller's
 * own, and refused (403) otherwise; it is never used to pick whose data to touch.
 */
export function assertSameUser(session: RequestSession, claimedUserId: number | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== session.userId)
    throw forbidden(MSG.forbidden);
}
