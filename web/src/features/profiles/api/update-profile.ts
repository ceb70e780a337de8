import { userDetailsSchema } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** Multipart: the text fields plus the optional `profile_image` and `cover_photo` files. */
export function updateProfile(form: FormData) {
  return api.post('/api/v1/update-host-profile', { body: form, schema: userDetailsSchema });
}

/** Saves the profile and puts the answer (one's own details) straight into the cache. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(profileKeys.details(data.id), data);
    },
  });
}
