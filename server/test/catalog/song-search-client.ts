import type { CatalogSong } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createMember, logIn } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';

export interface SongSearch {
  (q: string, limit?: number): Promise<LightMyRequestResponse>;
  /** The songs of a 200 answer; throws on anything else. */
  songs(q: string, limit?: number): Promise<CatalogSong[]>;
}

/** get-search-song-list as a signed-in attendee calls it. */
export async function songSearchAs(t: TestApp): Promise<SongSearch> {
  const member = await createMember(t);
  const headers = bearer((await logIn(t, member)).token);
  const search = (q: string, limit?: number) => {
    const query = new URLSearchParams({
      q,
      ...(limit === undefined ? {} : { limit: String(limit) }),
    });
    return t.app.inject({ method: 'GET', url: `/api/v1/get-search-song-list?${query}`, headers });
  };
  return Object.assign(search, {
    async songs(q: string, limit?: number) {
      const res = await search(q, limit);
      if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
      return res.json().data as CatalogSong[];
    },
  });
}
