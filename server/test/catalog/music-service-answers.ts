/**
 * Answers shaped like each service's documented JSON (field names, nesting
 * and units as the services send them), with made-up ids. The fakes replay them.
 */

/** iTunes Search API, `GET /search?term=…&media=music&entity=song`. */
export const itunesSearchAnswer = {
  resultCount: 4,
  results: [
    {
      wrapperType: 'track',
      kind: 'song',
      artistId: 3296287,
      collectionId: 1440650428,
      trackId: 1440650711,
      artistName: 'Queen',
      collectionName: 'A Night at the Opera (2011 Remaster)',
      trackName: 'Bohemian Rhapsody',
      collectionCensoredName: 'A Night at the Opera (2011 Remaster)',
      trackCensoredName: 'Bohemian Rhapsody',
      artistViewUrl: 'https://music.apple.com/us/artist/queen/3296287?uo=4',
      collectionViewUrl:
        'https://music.apple.com/us/album/bohemian-rhapsody/1440650428?i=1440650711&uo=4',
      trackViewUrl:
        'https://music.apple.com/us/album/bohemian-rhapsody/1440650428?i=1440650711&uo=4',
      previewUrl:
        'https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/queen.plus.aac.p.m4a',
      artworkUrl30: 'https://is1-ssl.mzstatic.com/image/thumb/Music/queen/30x30bb.jpg',
      artworkUrl60: 'https://is1-ssl.mzstatic.com/image/thumb/Music/queen/60x60bb.jpg',
      artworkUrl100: 'https://is1-ssl.mzstatic.com/image/thumb/Music/queen/100x100bb.jpg',
      collectionPrice: 9.99,
      trackPrice: 1.29,
      releaseDate: '1975-10-31T12:00:00Z',
      collectionExplicitness: 'notExplicit',
      trackExplicitness: 'notExplicit',
      discCount: 1,
      discNumber: 1,
      trackCount: 12,
      trackNumber: 11,
      trackTimeMillis: 354947,
      country: 'USA',
      currency: 'USD',
      primaryGenreName: 'Rock',
      isStreamable: true,
    },
    {
      // The same track listed again, as iTunes does for a song on several releases.
      wrapperType: 'track',
      kind: 'song',
      trackId: 1440650711,
      artistName: 'Queen',
      collectionName: 'Greatest Hits',
      trackName: 'Bohemian Rhapsody',
      trackTimeMillis: 354947,
    },
    {
      wrapperType: 'track',
      kind: 'song',
      artistId: 3296287,
      trackId: 1440650999,
      artistName: 'Queen',
      trackName: 'Bohemian Rhapsody (Live Aid)',
      trackViewUrl: 'https://music.apple.com/us/song/1440650999',
      releaseDate: '1985-07-13T07:00:00Z',
      trackExplicitness: 'explicit',
      trackTimeMillis: 149500,
      primaryGenreName: 'Rock',
    },
    {
      // Not a song: nothing to request, left out.
      wrapperType: 'artist',
      artistType: 'Artist',
      artistName: 'Queen',
      artistLinkUrl: 'https://music.apple.com/us/artist/queen/3296287?uo=4',
      artistId: 3296287,
    },
  ],
};

/** SoundCloud api-v2, `GET /search/tracks?q=…&client_id=…`. */
export const soundcloudSearchAnswer = {
  collection: [
    {
      artwork_url: 'https://i1.sndcdn.com/artworks-000111-abcdef-large.jpg',
      created_at: '2019-03-01T10:00:00Z',
      duration: 215347,
      full_duration: 215347,
      genre: 'Electronic',
      id: 581234567,
      kind: 'track',
      permalink: 'night-drive',
      permalink_url: 'https://soundcloud.com/neon-coast/night-drive',
      playback_count: 120345,
      publisher_metadata: {
        id: 581234567,
        urn: 'soundcloud:tracks:581234567',
        artist: 'Neon Coast',
        album_title: 'Midnight Lines',
        contains_music: true,
        isrc: 'QZAAA1900001',
      },
      release_date: '2019-03-01T00:00:00Z',
      title: 'Night Drive',
      uri: 'https://api.soundcloud.com/tracks/581234567',
      urn: 'soundcloud:tracks:581234567',
      user_id: 7001,
      user: {
        avatar_url: 'https://i1.sndcdn.com/avatars-000222-neon-large.jpg',
        id: 7001,
        kind: 'user',
        permalink_url: 'https://soundcloud.com/neon-coast',
        username: 'Neon Coast',
      },
    },
    {
      artwork_url: null,
      duration: 187000,
      id: 581234999,
      kind: 'track',
      permalink_url: 'https://soundcloud.com/bedroom-beats/late-bus',
      publisher_metadata: {
        id: 581234999,
        urn: 'soundcloud:tracks:581234999',
        contains_music: true,
        explicit: true,
      },
      release_date: null,
      title: 'Late Bus',
      user: {
        avatar_url: 'https://i1.sndcdn.com/avatars-000333-bedroom-large.jpg',
        id: 7002,
        kind: 'user',
        username: 'bedroom beats',
      },
    },
    {
      // A track without its uploader: nothing to show as the artist, left out.
      id: 581235000,
      kind: 'track',
      title: 'Orphan',
      duration: 1000,
    },
  ],
  total_results: 3,
  next_href:
    'https://api-v2.soundcloud.com/search/tracks?query_urn=soundcloud%3Asearch%3Aabc&offset=3&q=night',
  query_urn: 'soundcloud:search:abc',
};

/** Spotify accounts service, `POST /api/token` with `grant_type=client_credentials`. */
export const spotifyTokenAnswer = {
  access_token: 'BQDfake-access-token-1',
  token_type: 'Bearer',
  expires_in: 3600,
};

/** Spotify Web API, `GET /v1/search?q=…&type=track`. */
export const spotifySearchAnswer = {
  tracks: {
    href: 'https://api.spotify.com/v1/search?query=under+pressure&type=track&offset=0&limit=20',
    items: [
      {
        album: {
          album_type: 'album',
          artists: [
            {
              external_urls: { spotify: 'https://open.spotify.com/artist/1dfeR4' },
              id: '1dfeR4',
              name: 'Queen',
              type: 'artist',
            },
          ],
          external_urls: { spotify: 'https://open.spotify.com/album/6reTSI' },
          href: 'https://api.spotify.com/v1/albums/6reTSI',
          id: '6reTSI',
          images: [
            { height: 640, url: 'https://i.scdn.co/image/hot-space-640', width: 640 },
            { height: 300, url: 'https://i.scdn.co/image/hot-space-300', width: 300 },
            { height: 64, url: 'https://i.scdn.co/image/hot-space-64', width: 64 },
          ],
          name: 'Hot Space (2011 Remaster)',
          release_date: '1982-05-21',
          release_date_precision: 'day',
          total_tracks: 11,
          type: 'album',
          uri: 'spotify:album:6reTSI',
        },
        artists: [
          {
            external_urls: { spotify: 'https://open.spotify.com/artist/1dfeR4' },
            id: '1dfeR4',
            name: 'Queen',
            type: 'artist',
          },
          {
            external_urls: { spotify: 'https://open.spotify.com/artist/0oSGxf' },
            id: '0oSGxf',
            name: 'David Bowie',
            type: 'artist',
          },
        ],
        disc_number: 1,
        duration_ms: 248440,
        explicit: false,
        external_ids: { isrc: 'GBUM71029605' },
        external_urls: { spotify: 'https://open.spotify.com/track/11IzgL' },
        href: 'https://api.spotify.com/v1/tracks/11IzgL',
        id: '11IzgL',
        is_local: false,
        name: 'Under Pressure - Remastered 2011',
        popularity: 80,
        preview_url: null,
        track_number: 11,
        type: 'track',
        uri: 'spotify:track:11IzgL',
      },
      {
        album: {
          album_type: 'single',
          images: [],
          name: '',
          release_date: '1981',
          release_date_precision: 'year',
        },
        artists: [{ id: '7xYz', name: 'Tribute Band', type: 'artist' }],
        duration_ms: 241000,
        explicit: true,
        external_urls: { spotify: 'https://open.spotify.com/track/22AbcD' },
        id: '22AbcD',
        name: 'Under Pressure',
        type: 'track',
      },
      // Spotify sometimes sends null in place of an unavailable item.
      null,
    ],
    limit: 20,
    next: null,
    offset: 0,
    previous: null,
    total: 2,
  },
};
