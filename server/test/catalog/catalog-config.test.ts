import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = {
  NODE_ENV: 'test',
  JWT_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
} as const;

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('song catalog settings', () => {
  it('asks iTunes first by default, within 1.5 s, and leaves it alone for 60 s after a failure', () => {
    expect(loadConfig(base).catalog).toEqual({
      provider: 'itunes',
      timeoutMs: 1500,
      fallbackSeconds: 60,
      itunes: { baseUrl: 'https://itunes.apple.com' },
      soundcloud: { baseUrl: 'https://api-v2.soundcloud.com', clientId: undefined },
      spotify: {
        apiBaseUrl: 'https://api.spotify.com',
        accountsBaseUrl: 'https://accounts.spotify.com',
        clientId: undefined,
        clientSecret: undefined,
      },
    });
  });

  it('selects iTunes without any key, and the built-in catalog alone when asked', () => {
    expect(loadConfig({ ...base, CATALOG_PROVIDER: 'itunes' }).catalog.provider).toBe('itunes');
    expect(loadConfig({ ...base, CATALOG_PROVIDER: 'catalog' }).catalog.provider).toBe('catalog');
  });

  it('refuses a fallback window outside 0–3600 s', () => {
    expect(configError({ CATALOG_FALLBACK_SECONDS: '-1' })).toMatch(/CATALOG_FALLBACK_SECONDS:/);
    expect(configError({ CATALOG_FALLBACK_SECONDS: '3601' })).toMatch(/CATALOG_FALLBACK_SECONDS:/);
  });

  it('refuses an unknown provider and names the variable', () => {
    expect(configError({ CATALOG_PROVIDER: 'napster' })).toMatch(/CATALOG_PROVIDER:/);
  });

  it('refuses SoundCloud without a client id and names the variable', () => {
    expect(configError({ CATALOG_PROVIDER: 'soundcloud' })).toMatch(
      /SOUNDCLOUD_CLIENT_ID: required/,
    );
  });

  it('refuses Spotify without its client id or secret and names each', () => {
    expect(configError({ CATALOG_PROVIDER: 'spotify', SPOTIFY_CLIENT_ID: 'id' })).toMatch(
      /SPOTIFY_CLIENT_SECRET: required/,
    );
    const both = configError({ CATALOG_PROVIDER: 'spotify' });
    expect(both).toMatch(/SPOTIFY_CLIENT_ID: required/);
    expect(both).toMatch(/SPOTIFY_CLIENT_SECRET: required/);
  });

  it('refuses a service address that is not http(s)', () => {
    expect(configError({ ITUNES_BASE_URL: 'ftp://itunes.example' })).toMatch(/ITUNES_BASE_URL:/);
  });
});
