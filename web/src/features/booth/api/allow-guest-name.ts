import type { AllowGuestNameBody } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { boothKeys } from './booth-keys';

/** The host lets the big screen show a guest's held name; who is here is read again. */
export function useAllowGuestName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AllowGuestNameBody) =>
      api.post('/api/v1/allow-guest-name', { body, schema: z.null() }),
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: boothKeys.attendees(body.event_id) }),
  });
}
