import { useEffect } from 'react';

/**
 * Keeps the screen on while the booth is open (Screen Wake Lock). The browser
 * releases the lock when the tab is hidden, so it is asked again each time the
 * tab comes back. Where the API is missing or refuses, nothing happens.
 */
export function useWakeLock(): void {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let active = true;

    async function acquire() {
      if (document.visibilityState !== 'visible') return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (active) sentinel = lock;
        else void lock.release();
      } catch {
        // Refused (battery saver, no user gesture yet): the screen may dim, as without the API.
      }
    }

    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
