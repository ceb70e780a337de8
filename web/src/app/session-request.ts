import type { SessionData } from '@floorfill/shared';

let early: Promise<SessionData | null> | null = null;

/** Asks who is signed in; the call's code (the API client, zod) is a chunk of its own. */
function requestSession(): Promise<SessionData | null> {
  return import('./session-question').then(({ askWhoIsSignedIn }) => askWhoIsSignedIn());
}

/** Sends the question as the app starts, before React has drawn anything. */
export function startSessionRequest(): void {
  early ??= requestSession();
  // Read (and its failure handled) by takeSessionRequest.
  early.catch(() => undefined);
}

/** The answer to the question asked at start, or a new question when none is pending. */
export function takeSessionRequest(): Promise<SessionData | null> {
  const request = early ?? requestSession();
  early = null;
  return request;
}
