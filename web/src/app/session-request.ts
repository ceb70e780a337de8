import { GUEST_DEFAULT_NAME, type SessionData } from '@floorfill/shared';
import { SESSION_PATH } from '@/features/auth/api/session-url';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { rememberGuestName } from '@/features/room/utils/guest-name';
import { requestEarly } from '@/lib/early-requests';
import { clearQueryCache } from './query-provider-lazy';

let early: Promise<SessionData | null> | null = null;

/** Asks who is signed in; the call's code (the API client, zod) is a chunk of its own. */
function requestSession(): Promise<SessionData | null> {
  return import('./session-question').then(({ askWhoIsSignedIn }) => askWhoIsSignedIn());
}

/**
 * Sends the question as the app starts, before React has drawn anything: the
 * request itself at once, beside the chunk of code that reads its answer.
 */
export function startSessionRequest(): void {
  if (early) return;
  // The API client takes this answer when the session question asks.
  requestEarly(SESSION_PATH);
  early = requestSession();
  // Read (and its failure handled) by takeSessionRequest.
  early.catch(() => undefined);
}

/** The answer to the question asked at start, or a new question when none is pending. */
export function takeSessionRequest(): Promise<SessionData | null> {
  const request = early ?? requestSession();
  early = null;
  return request;
}

/** Sets the store from the server's answer: a session, or nobody (a real sign-out). */
export function settleSession(session: SessionData | null): void {
  const store = useSessionStore.getState();
  if (session) {
    store.restore(session.user, session.role);
    // This device's guest gave this name (on a landing, maybe before the app ran): offered again next time.
    if (session.user.is_guest) {
      rememberGuestName(session.user.name === GUEST_DEFAULT_NAME ? '' : session.user.name);
    }
    return;
  }
  if (store.status === 'signed-in') clearQueryCache();
  store.signOut();
}
