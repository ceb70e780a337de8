import { FakeSocket } from './fake-socket';

/**
 * Stands in for socket.io-client in a test file whose app opens one socket:
 * `vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'))`.
 * Each test file has its own copy of this module, so `openedSocket()` is the
 * socket that file's app opened last.
 */
let opened: FakeSocket | null = null;

export function io(): FakeSocket {
  opened = new FakeSocket();
  return opened;
}

export function openedSocket(): FakeSocket {
  if (!opened) throw new Error('no socket yet');
  return opened;
}
