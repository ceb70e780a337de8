import { requestSettingsSchema, type UpdateRequestSettingsBody } from '@floorfill/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Changes the host's request controls; the answer is the whole settings, and
 * the room's `event:settings` push brings them to every screen of the event.
 */
export function useUpdateRequestSettings() {
  return useMutation({
    mutationFn: (body: UpdateRequestSettingsBody) =>
      api.post('/api/v1/update-request-settings', { body, schema: requestSettingsSchema }),
  });
}
