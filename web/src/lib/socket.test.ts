import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/features/realtime/testing/fake-socket';
import {
  getSocket,
  resetSocketForTests,
  useSocketConnected,
  useSocketEvent,
  useSocketSession,
} from './socket';

const created = vi.hoisted(() => ({ sockets: [] as FakeSocket[], options: [] as unknown[] }));

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = new FakeSocket();
    created.sockets.push(socket);
    created.options.push(options);
    return socket;
  },
}));

function fake(): FakeSocket {
  return getSocket() as unknown as FakeSocket;
}

afterEach(() => {
  vi.useRealTimers();
  resetSocketForTests();
  created.sockets.length = 0;
  created.options.length = 0;
});

describe('the shared socket', () => {
  it('is one WebSocket-only connection to the same origin, made once', () => {
    expect(getSocket()).toBe(getSocket());
    expect(created.sockets).toHaveLength(1);
    expect(created.options[0]).toMatchObject({ transports: ['websocket'], autoConnect: false });
  });

  it('connects only while signed in and disconnects on logout', () => {
    const { rerender } = renderHook(({ signedIn }) => useSocketSession(signedIn), {
      initialProps: { signedIn: false },
    });
    expect(fake().active).toBe(false);
    rerender({ signedIn: true });
    expect(fake().active).toBe(true);
    rerender({ signedIn: false });
    expect(fake().active).toBe(false);
  });

  it('reports the connection state to components', () => {
    renderHook(() => useSocketSession(true));
    const { result } = renderHook(() => useSocketConnected());
    expect(result.current).toBe(false);
    act(() => fake().serverConnect());
    expect(result.current).toBe(true);
    act(() => fake().serverDisconnect());
    expect(result.current).toBe(false);
  });

  it('comes back by itself after the server drains', () => {
    vi.useFakeTimers();
    renderHook(() => useSocketSession(true));
    act(() => fake().serverConnect());
    const connect = vi.spyOn(fake(), 'connect');
    act(() => {
      fake().push('server:draining');
      fake().serverDisconnect('io server disconnect');
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(connect).toHaveBeenCalledOnce();
  });

  it('leaves a drained socket whose connection dropped to its own reconnect (no second session)', () => {
    vi.useFakeTimers();
    renderHook(() => useSocketSession(true));
    act(() => fake().serverConnect());
    const connect = vi.spyOn(fake(), 'connect');
    act(() => {
      fake().push('server:draining');
      fake().serverDisconnect('transport close');
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(connect).not.toHaveBeenCalled();
  });

  it('hands pushes to the newest handler while mounted, and stops when unmounted', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ handler }) => useSocketEvent('event:deleted', handler),
      { initialProps: { handler: first } },
    );
    fake().push('event:deleted', { eventId: 1, seq: 2 });
    rerender({ handler: second });
    fake().push('event:deleted', { eventId: 1, seq: 3 });
    expect(first).toHaveBeenCalledExactlyOnceWith({ eventId: 1, seq: 2 });
    expect(second).toHaveBeenCalledExactlyOnceWith({ eventId: 1, seq: 3 });
    unmount();
    expect(fake().listenerCount('event:deleted')).toBe(0);
  });
});
