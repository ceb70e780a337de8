import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Asking who is signed in, and the data cache: lazy chunks every page fetches as the app starts. */
const SESSION = 'src/app/session-question.ts';
const QUERY_PROVIDER = 'src/app/query-provider.tsx';

/**
 * The pages a guest opens from the event's QR, by the source files (keys of
 * Vite's `.vite/manifest.json`) of the lazy chunks each one fetches before it
 * can show its content: the session question, the frame around the screen
 * (the signed-in shell and its socket) and the screen. The bundle check
 * (scripts/check-bundle.ts) weighs them; the service worker precaches them.
 */
export const GUEST_PAGES = [
  {
    name: 'event landing (/e/:code)',
    chunks: [SESSION, QUERY_PROVIDER, 'src/app/routes/room/event-landing.tsx'],
  },
  {
    name: "host's public page (/h/:hostId)",
    chunks: [SESSION, QUERY_PROVIDER, 'src/app/routes/room/host-landing.tsx'],
  },
  {
    name: 'installed app start (/start)',
    chunks: [SESSION, QUERY_PROVIDER, 'src/app/routes/start.tsx'],
  },
  {
    name: 'guest event page',
    chunks: [
      SESSION,
      QUERY_PROVIDER,
      'src/app/layouts/live-socket.tsx',
      'src/app/layouts/app-layout.tsx',
      'src/app/routes/attendee/event-details.tsx',
    ],
  },
] as const;

/** Fetched after a guest page is up (the toasts); kept for offline use too. */
const AFTER_FIRST_PAINT = ['src/app/toasts.tsx'];

/** The entry's key in the manifest. */
export const ENTRY = 'index.html';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(distDir: string): ViteManifest {
  const file = path.join(distDir, '.vite/manifest.json');
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/** A chunk and every chunk it imports statically (what the browser fetches before running it), by key. */
export function staticClosure(
  manifest: ViteManifest,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the build manifest (renamed, or no longer a chunk?)`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The files (scripts and stylesheets) of some chunks and everything they import statically. */
export function filesOf(manifest: ViteManifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/**
 * Every file the guest's pages use, for the service worker to keep: the
 * entry's graph, each guest page's chunks, what loads once the page is up,
 * and the lazy chunks the guest screens open on a tap (their dialogs), so a
 * guest who lost the network can still open them.
 */
export function guestPageFiles(manifest: ViteManifest): Set<string> {
  const entryKeys = staticClosure(manifest, ENTRY);
  const keys = new Set(entryKeys);
  for (const key of [...GUEST_PAGES.flatMap((page) => page.chunks), ...AFTER_FIRST_PAINT]) {
    const chunkKeys = staticClosure(manifest, key);
    for (const chunkKey of chunkKeys) keys.add(chunkKey);
    for (const chunkKey of chunkKeys) {
      // The entry's own lazy chunks are every screen of the app: not the guest's dialogs.
      if (entryKeys.has(chunkKey)) continue;
      for (const opened of manifest[chunkKey]?.dynamicImports ?? []) {
        if (!chunkKeys.has(opened)) staticClosure(manifest, opened, keys);
      }
    }
  }
  return filesOf(manifest, keys);
}
