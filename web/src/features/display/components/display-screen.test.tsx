import { CHALLENGE_ACK_CODE, CHALLENGE_MSG, MSG, type DisplayState } from '@floorfill/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/features/realtime/testing/fake-socket';
import { isGoodProof, newChallenge } from '@/testing/altcha';
import { renderWithProviders, stubApi } from '@/testing/render';
import {
  DELETED_EVENT_MSG,
  DisplayScreen,
  OFFLINE_MSG,
  REFUSED_MSG,
  refusedWait,
  UNKNOWN_CODE_MSG,
} from './display-screen';

const sockets = vi.hoisted(() => ({ all: [] as FakeSocket[], options: [] as unknown[] }));

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = new FakeSocket();
    sockets.all.push(socket);
    sockets.options.push(options);
    return socket;
  },
}));

function state(overrides: Partial<DisplayState> = {}): DisplayState {
  return {
    event_id: 7,
    name: 'Neon Nights',
    code: 'ABC234',
    join_url: 'http://localhost/attendee/event/7?qr=y&code=ABC234',
    qrcode_path: '/api/qr/events/ABC234.png',
    timezone: 'UTC',
    start_time: '2026-11-21T20:00:00.000Z',
    end_time: '2026-11-21T23:30:00.000Z',
    is_live: true,
    has_ended: false,
    requests_open: true,
    now_playing: null,
    up_next: [
      { song_id: 'a', song_name: 'Alpha', song_artist: 'Ana', song_image: null, request_count: 2 },
    ],
    ...overrides,
  };
}

afterEach(() => {
  sockets.all.length = 0;
  sockets.options.length = 0;
  vi.unstubAllGlobals();
});

describe('the big screen', () => {
  it('shows the event, up next, the join code and whether requests are open', async () => {
    stubApi({ '/api/v1/get-display': { body: { status: true, msg: '', data: state() } } });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Nights' })).toBeVisible();
    expect(screen.getByText('Requests open')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Up next' })).toHaveTextContent('Alpha — Ana');
    expect(screen.getByRole('region', { name: 'Now playing' })).toHaveTextContent(
      'The DJ has not started yet.',
    );
    expect(screen.getByRole('img', { name: 'QR code to join Neon Nights' })).toHaveAttribute(
      'src',
      '/api/qr/events/ABC234.png',
    );
    expect(screen.getByLabelText('Event code A B C 2 3 4')).toHaveTextContent('ABC234');
  });

  it('marks a boosted song, never with an amount', async () => {
    const song = (songId: string, songName: string, boosted?: true) => ({
      song_id: songId,
      song_name: songName,
      song_artist: 'Ana',
      song_image: null,
      request_count: 1,
      ...(boosted ? { boosted } : {}),
    });
    stubApi({
      '/api/v1/get-display': {
        body: {
          status: true,
          msg: '',
          data: state({ up_next: [song('a', 'Alpha', true), song('b', 'Bravo')] }),
        },
      },
    });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    const next = await screen.findByRole('region', { name: 'Up next' });
    const [alpha, bravo] = within(next).getAllByRole('listitem');

    expect(alpha).toHaveTextContent('Alpha — AnaBoosted 1 request');
    expect(bravo).not.toHaveTextContent('Boosted');
    expect(next).not.toHaveTextContent('$');
  });

  it('subscribes by code on its own connection, without a session, and follows the pushes', async () => {
    stubApi({ '/api/v1/get-display': { body: { status: true, msg: '', data: state() } } });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    await screen.findByRole('heading', { level: 1, name: 'Neon Nights' });
    const socket = sockets.all[0];
    if (!socket) throw new Error('the big screen opened no connection');
    expect(sockets.options[0]).toMatchObject({ auth: { display: true } });
    socket.answer = () => ({ ok: true, data: state({ requests_open: false }) });
    act(() => socket.serverConnect());
    expect(socket.sent('display:subscribe')).toEqual([{ code: 'ABC234' }]);
    expect(await screen.findByText('Requests closed')).toBeInTheDocument();

    const playing = {
      song_id: 'b',
      song_name: 'Bravo',
      song_artist: 'Ben',
      song_image: null,
      request_count: 1,
      started_at: '2026-11-21T21:00:00.000Z',
      requested_by: ['Ana'],
    };
    act(() =>
      socket.push('display:updated', { eventId: 7, state: state({ now_playing: playing }) }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Now playing' })).toHaveTextContent('Bravo'),
    );
    expect(screen.getByRole('region', { name: 'Now playing' })).toHaveTextContent('for Ana');

    // After a reconnect it subscribes again.
    act(() => socket.serverDisconnect());
    act(() => socket.serverConnect());
    await waitFor(() => expect(socket.sent('display:subscribe')).toHaveLength(2));
  });

  it('stops showing the event when its host deletes it', async () => {
    stubApi({ '/api/v1/get-display': { body: { status: true, msg: '', data: state() } } });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    await screen.findByRole('heading', { level: 1, name: 'Neon Nights' });
    const socket = sockets.all[0];
    if (!socket) throw new Error('the big screen opened no connection');
    socket.answer = () => ({ ok: true, data: state() });
    // Async: the subscribe answer (which names the screen's event) lands before the pushes.
    await act(async () => socket.serverConnect());
    // Another event's deletion (a screen that subscribed to another code before) changes nothing.
    act(() => socket.push('event:deleted', { eventId: 8, seq: 3 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Nights' })).toBeVisible();
    act(() => socket.push('event:deleted', { eventId: 7, seq: 4 }));
    expect(await screen.findByRole('heading', { name: DELETED_EVENT_MSG })).toBeInTheDocument();
    expect(screen.queryByText('Neon Nights')).toBeNull();
  });

  it('says so when no event has the code', async () => {
    stubApi({
      '/api/v1/get-display': { status: 404, body: { status: false, msg: 'Not found.' } },
    });
    renderWithProviders(<DisplayScreen code="ZZZ999" />, '/display/ZZZ999');
    expect(await screen.findByRole('heading', { name: UNKNOWN_CODE_MSG })).toBeInTheDocument();
  });

  it('says it cannot reach the server when no answer comes', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    expect(await screen.findByRole('heading', { name: OFFLINE_MSG })).toBeInTheDocument();
  });

  it('says it was refused for a while, and for how long, not that it is offline', async () => {
    stubApi({
      '/api/v1/get-display': {
        status: 429,
        body: { status: false, msg: MSG.tooManyRequests, data: { retry_after_seconds: 40 } },
        headers: { 'Retry-After': '40' },
      },
    });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    expect(await screen.findByRole('heading', { name: REFUSED_MSG })).toBeInTheDocument();
    expect(screen.getByText(refusedWait(40))).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MSG)).toBeNull();
  });

  it("solves a busy address's challenge on subscribe and subscribes again with the proof", async () => {
    const challenge = await newChallenge();
    const proofs: string[] = [];
    stubApi({ '/api/v1/get-display': { body: { status: true, msg: '', data: state() } } });
    renderWithProviders(<DisplayScreen code="ABC234" />, '/display/ABC234');
    await screen.findByRole('heading', { level: 1, name: 'Neon Nights' });
    const socket = sockets.all[0];
    if (!socket) throw new Error('the big screen opened no connection');
    socket.answer = (_event, payload) => {
      const { altcha } = payload as { altcha?: string };
      if (!altcha) {
        const msg = CHALLENGE_MSG.required;
        return { ok: false, error: msg, code: CHALLENGE_ACK_CODE, msg, data: { challenge } };
      }
      proofs.push(altcha);
      return { ok: true, data: state({ requests_open: false }) };
    };
    act(() => socket.serverConnect());

    expect(await screen.findByText('Requests closed')).toBeInTheDocument();
    expect(socket.sent('display:subscribe')).toEqual([
      { code: 'ABC234' },
      { code: 'ABC234', altcha: proofs[0] },
    ]);
    expect(await isGoodProof(proofs[0] ?? '')).toBe(true);
  });
});
