import { loadWhenIdle } from './idle';

/**
 * Registers the service worker (built by vite-plugin-pwa into /sw.js) once the
 * page has loaded and drawn its content (`loadWhenIdle`), so its first
 * download of the app shell never competes with the page. It makes the app installable and lets it start offline; it never
 * caches the API, uploads or the socket. It also shows the guest's Web Push
 * notices (public/push-handler.js, which sw.js imports). Not in development:
 * Vite's dev server has no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  loadWhenIdle(() =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker not registered', error);
    }),
  );
}
