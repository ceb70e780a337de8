import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

function stubWakeLock() {
  const release = vi.fn(() => Promise.resolve());
  const request = vi.fn(() => Promise.resolve({ release } as unknown as WakeLockSentinel));
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, release };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the booth keeps the screen on', () => {
  it('asks for a screen wake lock while open, again when the tab comes back, and lets go on leaving', async () => {
    const lock = stubWakeLock();
    const view = renderHook(() => useWakeLock());
    expect(lock.request).toHaveBeenCalledWith('screen');

    setVisibility('hidden');
    expect(lock.request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(lock.request).toHaveBeenCalledTimes(2);

    await Promise.resolve();
    view.unmount();
    await vi.waitFor(() => expect(lock.release).toHaveBeenCalled());
  });

  it('does nothing where the browser has no wake lock', () => {
    expect('wakeLock' in navigator).toBe(false);
    expect(() => renderHook(() => useWakeLock()).unmount()).not.toThrow();
  });
});
