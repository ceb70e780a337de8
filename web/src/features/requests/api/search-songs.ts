import { catalogSongList } from '@floorfill/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const songSearchKeys = {
  search: (term: string) => ['requests', 'search', term] as const,
};

/** get-search-song-list for an already debounced term; nothing is asked for an empty one (spec §5). */
export function useSongSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: songSearchKeys.search(q),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-search-song-list', {
          query: { q },
          schema: catalogSongList,
          signal,
        })
      ).data,
    enabled: q.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
