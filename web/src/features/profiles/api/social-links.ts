import {
  socialLinkSchema,
  socialPlatformSchema,
  type UpdateSocialLinksBody,
  type UserDetails,
} from '@floorfill/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export async function getSocialPlatforms() {
  const { data } = await api.get('/api/v1/all-social-link-list', {
    schema: z.array(socialPlatformSchema),
  });
  return data;
}

/** The platform list changes only with a deployment. */
export function useSocialPlatforms() {
  return useQuery({
    queryKey: profileKeys.platforms,
    queryFn: getSocialPlatforms,
    staleTime: Infinity,
  });
}

export function updateSocialLinks(body: UpdateSocialLinksBody) {
  return api.post('/api/v1/update-social-links', {
    body,
    schema: z.array(socialLinkSchema),
  });
}

/** Saves the links, shows them at once, then refetches the profile they belong to. */
export function useUpdateSocialLinks(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSocialLinks,
    onSuccess: ({ data }) => {
      const key = profileKeys.details(userId);
      queryClient.setQueryData<UserDetails>(key, (details) =>
        details ? { ...details, social_links: data } : details,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
