import { userDetailsSchema, type UserDetails } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** A member's profile; `private` is filled only when `userId` is the caller. */
export async function getUserDetails(userId: number): Promise<UserDetails> {
  const { data } = await api.get('/api/v1/get-user-details', {
    query: { id: userId },
    schema: userDetailsSchema,
  });
  return data;
}

export function useUserDetails(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.details(userId ?? 0),
    queryFn: () => getUserDetails(userId ?? 0),
    enabled: userId !== null && userId > 0,
  });
}
