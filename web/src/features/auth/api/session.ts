import { sessionData, type SessionData } from '@floorfill/shared';
import { api, isApiError } from '@/lib/api-client';
import { SESSION_PATH } from './session-url';

/**
 * Who the session cookie belongs to, or null when nobody is signed in (the
 * server answers null without a cookie, 401 for one that no longer holds).
 */
export async function getSession(): Promise<SessionData | null> {
  try {
    const { data } = await api.get(SESSION_PATH, { schema: sessionData.nullable() });
    return data;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) return null;
    throw error;
  }
}

export async function logout(): Promise<void> {
  await api.post('/api/auth/logout');
}
