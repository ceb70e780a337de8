/** Query keys of the profile data, so reads and writes touch the same cache entries. */
export const profileKeys = {
  all: ['profiles'] as const,
  details: (userId: number) => ['profiles', 'details', userId] as const,
  platforms: ['profiles', 'platforms'] as const,
};
