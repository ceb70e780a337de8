import { roleSchema, sessionUserSchema } from '@floorfill/shared';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';

// Not yet exported by @floorfill/shared; the shape is the server contract of GET /api/auth/session.
const sessionData = z.object({ user: sessionUserSchema, role: roleSchema });
export type SessionData = z.infer<typeof sessionData>;

/** Who the session cookie belongs to, or null when nobody is signed in. */
export async function getSession(): Promise<SessionData | null> {
  try {
    const { data } = await api.get('/api/auth/session', { schema: sessionData });
    return data;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) return null;
    throw error;
  }
}

export async function logout(): Promise<void> {
  await api.post('/api/auth/logout');
}
