import { joinedEventListSchema } from '@floorfill/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** Every live event the caller joined, upcoming (or running) first (get-joined-events). */
export function useJoinedEvents(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: attendanceKeys.joined(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/v1/get-joined-events', { schema: joinedEventListSchema, signal })).data,
    enabled: options.enabled ?? true,
  });
}
