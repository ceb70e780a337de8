import type { CatalogSong } from '@floorfill/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, logIn, post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('song search in the built-in catalog', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t);
    headers = bearer((await logIn(t, member)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(q: string, extra: Record<string, string> = {}) {
    const query = new URLSearchParams({ q, ...extra });
    return t.app.inject({ method: 'GET', url: `/api/v1/get-search-song-list?${query}`, headers });
  }

  async function songsFor(q: string, extra: Record<string, string> = {}): Promise<CatalogSong[]> {
    const res = await search(q, extra);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: '' });
    return res.json().data as CatalogSong[];
  }

  const titles = (songs: CatalogSong[]) =>
    songs.map((song) => `${song.song_artist} - ${song.song_name}`);

  it('ships more than a thousand songs, loaded by migration', async () => {
    const row = await t.ctx.db
      .selectFrom('catalog_songs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBeGreaterThanOrEqual(1000);
  });

  it('finds Bohemian Rhapsody by word beginnings and by the band', async () => {
    expect(titles(await songsFor('bohem rhap'))).toContain('Queen - Bohemian Rhapsody');
    expect(titles(await songsFor('queen'))).toContain('Queen - Bohemian Rhapsody');
  });

  it('answers in the send-song-request fields', async () => {
    const [song] = await songsFor('bohemian rhapsody');
    expect(song).toEqual({
      song_id: 'cat-queen--bohemian-rhapsody',
      song_name: 'Bohemian Rhapsody',
      song_artist: 'Queen',
      album_name: 'A Night at the Opera',
      song_image: null,
      song_link: null,
      song_duration: 355,
      year: 1975,
      explicit: false,
      provider: 'catalog',
    });
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(titles(await songsFor('dancing que'))).toContain('ABBA - Dancing Queen');
  });

  it('requires every word to match', async () => {
    const songs = await songsFor('queen dancing');
    expect(songs.length).toBeGreaterThan(0);
    for (const song of songs) {
      expect(`${song.song_name} ${song.song_artist} ${song.album_name}`.toLowerCase()).toMatch(
        /dancing/,
      );
    }
  });

  it('ranks a song matching the words in several places first', async () => {
    const [first] = await songsFor('killer queen');
    expect(first?.song_id).toBe('cat-queen--killer-queen');
  });

  it('ignores case, accents and punctuation in the term', async () => {
    expect(titles(await songsFor('BOHEMIAN RHAPSODY'))).toContain('Queen - Bohemian Rhapsody');
    expect(titles(await songsFor('bohémian rhapsödy!!'))).toContain('Queen - Bohemian Rhapsody');
    expect(titles(await songsFor('  "Bohemian" -- (Rhapsody)?  '))).toContain(
      'Queen - Bohemian Rhapsody',
    );
    expect(titles(await songsFor("don't stop believin"))).toContain(
      "Journey - Don't Stop Believin'",
    );
    expect(titles(await songsFor('dont stop believin'))).toContain(
      "Journey - Don't Stop Believin'",
    );
  });

  it('finds accented and punctuated names typed plainly', async () => {
    expect(titles(await songsFor('beyonce halo'))).toContain('Beyoncé - Halo');
    expect(titles(await songsFor('Beyoncé halo'))).toContain('Beyoncé - Halo');
    expect(titles(await songsFor('motley crue'))).toContain('Mötley Crüe - Kickstart My Heart');
    expect(titles(await songsFor('ac/dc thunder'))).toContain('AC/DC - Thunderstruck');
    expect(titles(await songsFor('ac dc thunder'))).toContain('AC/DC - Thunderstruck');
    expect(titles(await songsFor('tnt'))).toContain('AC/DC - T.N.T.');
  });

  it('answers an empty list when nothing matches or the term has no words', async () => {
    expect(await songsFor('zzzqqqxxy')).toEqual([]);
    expect(await songsFor('?!-- ...')).toEqual([]);
  });

  it('treats query syntax and SQL in the term as plain text', async () => {
    const attempts = [
      "'; drop table users; --",
      "'; drop table catalog_songs; --",
      'a & | ! :*',
      ')(',
      "queen' | 'abba",
      'queen:* | abba',
      '\\x00 \\ \' " ` $1 %s',
      '<-> <2> !queen',
    ];
    for (const q of attempts) {
      const res = await search(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
    }
    const [songs, users] = await Promise.all([
      sql<{ count: string }>`select count(*) as count from catalog_songs`.execute(t.ctx.db),
      sql<{ count: string }>`select count(*) as count from users`.execute(t.ctx.db),
    ]);
    expect(Number(songs.rows[0]?.count)).toBeGreaterThanOrEqual(1000);
    expect(Number(users.rows[0]?.count)).toBeGreaterThanOrEqual(1);
  });

  it('does not widen a search through tsquery operators in the term', async () => {
    const songs = await songsFor('queen | abba');
    expect(titles(songs)).toContain('ABBA - Dancing Queen');
    for (const song of songs) {
      const text = `${song.song_name} ${song.song_artist} ${song.album_name}`.toLowerCase();
      expect(text).toMatch(/queen/);
      expect(text).toMatch(/abba/);
    }
  });

  it('returns at most `limit` songs, 20 by default', async () => {
    expect(await songsFor('a')).toHaveLength(20);
    expect(await songsFor('a', { limit: '5' })).toHaveLength(5);
    expect(await songsFor('a', { limit: '50' })).toHaveLength(50);
  });

  it('refuses an empty, blank or too long term with the field error', async () => {
    for (const q of ['', '   ']) {
      const res = await search(q);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        errors: { q: ['This field is required'] },
      });
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-search-song-list',
      headers,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.q).toEqual(['This field is required']);

    const tooLong = await search('a'.repeat(101));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.q).toEqual(['Must be at most 100 characters.']);
  });

  it('refuses a limit outside 1 to 50', async () => {
    for (const limit of ['0', '51', 'many']) {
      const res = await search('queen', { limit });
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors.limit).toHaveLength(1);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/get-search-song-list?q=queen' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false });
  });

  it('lets a guest search', async () => {
    const guest = await post(t, '/api/v1/login-as-guest', {});
    expect(guest.statusCode, guest.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-search-song-list?q=queen',
      headers: bearer(guest.json().data.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});
