import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { COLOR_SCHEME_STORAGE_KEY } from './src/config/color-scheme';
import { colorSchemeScript } from './build-plugins/color-scheme-script';
import { guestPageFiles, readViteManifest } from './build-plugins/guest-pages';
import { guestStyles } from './build-plugins/guest-styles';
import { precompress } from './build-plugins/precompress';

const apiOrigin = 'http://127.0.0.1:3000';
const outDir = decodeURIComponent(new URL('./dist', import.meta.url).pathname);

const alias = { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) };

/**
 * The server's half of the guest pages (src/entry-server.tsx): the same
 * components, built for Node into dist/.ssr, which the server imports to draw
 * those pages (server/src/http/page-render.ts). A dot folder: neither served
 * nor precached. Every dependency is bundled in, so the server needs nothing
 * of the web workspace's but this folder.
 */
const serverRendering = defineConfig({
  plugins: [react()],
  resolve: { alias },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

const browserApp = defineConfig({
  plugins: [
    react(),
    colorSchemeScript(COLOR_SCHEME_STORAGE_KEY),
    VitePWA({
      strategies: 'generateSW',
      // lib/service-worker.ts registers it once the page has loaded.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Floorfill',
        short_name: 'Floorfill',
        description: 'Request songs at live events, tip and rate the DJ.',
        // Opens where the person belongs (app/routes/start.tsx): their event, their dashboard, or
        // an event code and Sign in. `/` keeps the spec's redirect (nobody → login).
        start_url: '/start',
        scope: '/',
        display: 'standalone',
        theme_color: '#2e1065',
        background_color: '#2e1065',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The precache holds the app shell and the guest's pages, not every host screen:
        // a room of phones on the venue's Wi-Fi should not each fetch the whole app.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        manifestTransforms: [
          async (entries) => {
            const keep = guestPageFiles(readViteManifest(outDir));
            const manifest = entries.filter(
              (entry) => !entry.url.startsWith('assets/') || keep.has(entry.url),
            );
            return { manifest, warnings: [] };
          },
        ],
        // Pages always come from the network, so a new version reaches everyone on their
        // next load; only when the network fails is the kept shell used.
        navigateFallback: null,
        runtimeCaching: [
          {
            // Paths the server answers itself (the API, uploads, the socket, the demo
            // checkout) are never the app shell; nothing of theirs is ever cached.
            // (Written inline: workbox copies this function's source into sw.js.)
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(?:api|uploads|socket\.io|demo|metrics|healthz|readyz)(?:\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // Other screens' chunks, kept once used (their names change with their content).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'floorfill-assets',
              expiration: { maxEntries: 80, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // One file to serve and revalidate: sw.js holds the Workbox runtime too.
        inlineWorkboxRuntime: true,
        // Web Push (issue 29): the push and notificationclick handlers, a plain script of
        // public/ (copied into dist, served beside sw.js and revalidated like it).
        importScripts: ['/push-handler.js'],
      },
    }),
    precompress(),
    guestStyles(),
  ],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle check and the service worker's precache list read it (build-plugins/guest-pages.ts).
    manifest: true,
    // Fewer, larger files for a phone on slow mobile data, which fetches them six at a time
    // over HTTP/1.1 and waits a round trip per six: what the first paint imports is one chunk,
    // and shared chunks under 16 KB are copied into the chunks that use them (a guest's page
    // loads ~14 files instead of ~45; the whole build grows by about a third). See
    // docs/decisions.md, "Fewer, larger chunks for the guest's pages".
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/uploads': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/uploads': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: false },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendering : browserApp));
