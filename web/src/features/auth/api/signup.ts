import type { SignupBody } from '@floorfill/shared';
import { api } from '@/lib/api-client';

export function signup(body: SignupBody) {
  return api.post('/api/auth/signup', { body });
}
