/** Who is signed in; the app also asks it early, as it starts (app/session-request.ts). */
export const SESSION_PATH = '/api/auth/session';
