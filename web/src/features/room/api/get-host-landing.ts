import { hostLandingSchema, type HostLanding } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** What a host's public page shows: the host, or that no member has this id (or the key is not theirs). */
export type HostLandingLookup = { kind: 'host'; host: HostLanding } | { kind: 'unknown' };

/** A host's public page (no session needed); `key` is the one the owner's link carries. */
export async function getHostLanding(
  hostId: string,
  key: string | null,
): Promise<HostLandingLookup> {
  try {
    const { data } = await api.get('/api/v1/get-host-landing', {
      query: { id: hostId, k: key },
      schema: hostLandingSchema,
    });
    return { kind: 'host', host: data };
  } catch (error) {
    if (isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 422)) {
      return { kind: 'unknown' };
    }
    throw error;
  }
}

export function useHostLanding(hostId: string, key: string | null) {
  return useQuery({
    queryKey: ['room', 'host', hostId, key],
    queryFn: () => getHostLanding(hostId, key),
  });
}
