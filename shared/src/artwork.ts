/**
 * Song artwork is shown to the host and every guest, so it may come only from
 * the music catalogs' own image hosts: any other address would be a tracking
 * pixel in every phone in the room (and a way to learn who is there). The web
 * app's Content-Security-Policy lists the same hosts for images.
 */

/** iTunes (mzstatic), Spotify (scdn) and SoundCloud (sndcdn) artwork; `*.` allows any subdomain. */
export const DEFAULT_ARTWORK_HOSTS = ['*.mzstatic.com', 'i.scdn.co', '*.sndcdn.com'] as const;

/** A host name against one pattern: exactly, or `*.example.com` for any subdomain of it. */
export function hostMatches(hostname: string, pattern: string): boolean {
  if (!pattern.startsWith('*.')) return hostname === pattern;
  const suffix = pattern.slice(1);
  return hostname.endsWith(suffix) && hostname.length > suffix.length;
}

/** An https address on one of these hosts (no port, no credentials). */
export function isAllowedArtwork(url: string, hosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '' || parsed.username || parsed.password) {
    return false;
  }
  const hostname = parsed.hostname.toLowerCase();
  return hosts.some((pattern) => hostMatches(hostname, pattern.toLowerCase()));
}
