import {
  BRIDGE_MSG,
  PLAY_SECONDS,
  type BridgeKey,
  type BridgePanelData,
  type DeckTrack,
} from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { BRIDGE_PANEL_REFRESH_MS } from '../api/bridge-panel';
import { FollowTheDecks } from './follow-the-decks';

const EVENT_ID = 7;
const CODE = 'K7QM-3XWD';

function panelOf(overrides: Partial<BridgePanelData> = {}): BridgePanelData {
  return {
    settings: { follow_decks: false, play_seconds: PLAY_SECONDS.default },
    keys: [],
    tracks: [],
    ...overrides,
  };
}

function bridgeKey(overrides: Partial<BridgeKey> = {}): BridgeKey {
  return {
    id: 1,
    pairing_code: null,
    pairing_expires_at: null,
    paired_at: null,
    last_seen_at: null,
    source: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function deckTrack(overrides: Partial<DeckTrack> = {}): DeckTrack {
  return {
    id: 'a'.repeat(32),
    title: 'One',
    artist: 'U2',
    deck: '1',
    source: 'serato',
    started_at: '2026-11-21T21:05:00.000Z',
    outcome: 'marked',
    song_id: 'one',
    previous_song_id: null,
    ...overrides,
  };
}

const ok = (data: unknown, msg = '') => ({ body: { status: true, msg, data } });

function renderPanel() {
  return renderWithProviders(
    <FollowTheDecks eventId={EVENT_ID} timeZone="UTC" />,
    '/host/event/7/booth',
  );
}

function callsTo(calls: ReturnType<typeof stubApi>, path: string) {
  return calls.filter((call) => call.path === path);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  // Toasts live in a module-level store that outlasts each test's render.
  notifications.clean();
});

describe('the booth’s Follow the decks panel', () => {
  it('turns following the decks on with one switch and says the server’s words', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      '/api/v1/get-bridge-panel': ok(panelOf()),
      '/api/v1/update-deck-settings': (body) =>
        ok(
          { follow_decks: (body as { follow_decks: boolean }).follow_decks, play_seconds: 30 },
          BRIDGE_MSG.settingsSaved,
        ),
    });
    renderPanel();

    const follow = await screen.findByRole('switch', { name: 'Follow the decks' });
    expect(follow).not.toBeChecked();
    expect(follow).toHaveAccessibleDescription(
      'Songs the decks play are marked playing by themselves',
    );
    expect(screen.getByLabelText('Seconds a deck plays a track before it counts')).toHaveValue(
      String(PLAY_SECONDS.default),
    );

    await user.click(follow);
    expect(await screen.findByText(BRIDGE_MSG.settingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(follow).toBeChecked());
    expect(callsTo(calls, '/api/v1/update-deck-settings').map((call) => call.body)).toEqual([
      { event_id: EVENT_ID, follow_decks: true },
    ]);
  });

  it('saves the seconds as they are typed, and shows the server’s refusal under the field', async () => {
    const user = userEvent.setup();
    const refusal = 'Must be at least 5 seconds.';
    const calls = stubApi({
      '/api/v1/get-bridge-panel': ok(panelOf()),
      '/api/v1/update-deck-settings': (body) => {
        const seconds = (body as { play_seconds: number }).play_seconds;
        if (seconds < PLAY_SECONDS.min) {
          return {
            status: 422,
            body: { status: false, msg: 'Invalid input.', errors: { play_seconds: [refusal] } },
          };
        }
        return ok({ follow_decks: false, play_seconds: seconds }, BRIDGE_MSG.settingsSaved);
      },
    });
    renderPanel();
    const seconds = await screen.findByLabelText('Seconds a deck plays a track before it counts');

    await user.clear(seconds);
    await user.type(seconds, '3');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(seconds).toHaveAttribute('aria-invalid', 'true');

    await user.clear(seconds);
    await user.type(seconds, '45');
    expect(await screen.findByText(BRIDGE_MSG.settingsSaved)).toBeInTheDocument();
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    // Typing pauses before a save: "4" on its way to "45" is never sent.
    expect(
      callsTo(calls, '/api/v1/update-deck-settings').map(
        (call) => (call.body as { play_seconds: number }).play_seconds,
      ),
    ).toEqual([3, 45]);
  });

  it('makes a bridge key, shows its code and the command, and says Connected once it pairs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn(async () => {});
    let made: BridgeKey | null = null;
    let paired = false;
    const calls = stubApi({
      '/api/v1/get-bridge-panel': () => {
        if (!made) return ok(panelOf());
        const listed = { ...made, pairing_code: null };
        if (!paired) return ok(panelOf({ keys: [listed] }));
        const now = new Date().toISOString();
        return ok(
          panelOf({
            keys: [{ ...listed, pairing_expires_at: null, paired_at: now, last_seen_at: now }],
          }),
        );
      },
      // This server's build made the bridge as one program for Linux x64.
      '/downloads/executables.json': {
        body: [{ os: 'linux', arch: 'x64', file: 'floorfill-bridge-linux-x64' }],
      },
      '/api/v1/create-bridge-key': () => {
        made = bridgeKey({
          id: 3,
          pairing_code: CODE,
          pairing_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        });
        return { status: 201, body: { status: true, msg: BRIDGE_MSG.keyCreated, data: made } };
      },
    });
    renderPanel();
    expect(await screen.findByText('No bridge yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Connect a bridge' }));
    expect(await screen.findByText(CODE)).toBeInTheDocument();
    expect(screen.getByText('Good once, for 10:00 more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the bridge' })).toHaveAttribute(
      'href',
      '/downloads/floorfill-bridge.mjs',
    );
    expect(await screen.findByRole('link', { name: 'Download for Linux (x64)' })).toHaveAttribute(
      'href',
      '/downloads/floorfill-bridge-linux-x64',
    );
    const command = () => document.querySelector('pre');
    expect(command()).toHaveTextContent(
      `node floorfill-bridge.mjs --server ${window.location.origin} --pair ${CODE} --source serato`,
    );
    // The new key is listed, waiting; its code is never listed.
    const bridges = await screen.findByRole('list', { name: 'Bridges' });
    expect(within(bridges).getByText('Waiting to pair')).toBeInTheDocument();
    expect(within(bridges).queryByText(CODE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'DJ software' }));
    await user.click(await screen.findByRole('option', { name: 'VirtualDJ', hidden: true }));
    expect(command()).toHaveTextContent(
      `node floorfill-bridge.mjs --server ${window.location.origin} --pair ${CODE} --source virtualdj`,
    );
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy pairing code' }));
    expect(writeText).toHaveBeenLastCalledWith(CODE);
    await user.click(screen.getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenLastCalledWith(command()?.textContent);

    // The bridge pairs; the next look at the panel, 10 s on, sees it.
    paired = true;
    const looks = callsTo(calls, '/api/v1/get-bridge-panel').length;
    await act(() => vi.advanceTimersByTimeAsync(BRIDGE_PANEL_REFRESH_MS.pairing));
    expect(callsTo(calls, '/api/v1/get-bridge-panel').length).toBe(looks + 1);
    expect(await screen.findByRole('status')).toHaveTextContent('Connected');
    expect(screen.queryByText(CODE)).not.toBeInTheDocument();
    expect(within(bridges).getByText('Connected · seen 0 s ago')).toBeInTheDocument();
  });

  it('says when a pairing code expired and offers a new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi({
      '/api/v1/get-bridge-panel': ok(panelOf()),
      '/api/v1/create-bridge-key': () => ({
        status: 201,
        body: {
          status: true,
          msg: BRIDGE_MSG.keyCreated,
          data: bridgeKey({
            pairing_code: CODE,
            pairing_expires_at: new Date(Date.now() + 60_000).toISOString(),
          }),
        },
      }),
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Connect a bridge' }));
    expect(await screen.findByText(CODE)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(
      screen.getByText('This code expired before a bridge paired with it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(CODE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New code' })).toBeInTheDocument();
  });

  it('revokes a bridge only after asking', async () => {
    const user = userEvent.setup();
    const seen = new Date(Date.now() - 12_000).toISOString();
    let revoked = false;
    const serato = bridgeKey({
      id: 4,
      source: 'serato',
      paired_at: seen,
      last_seen_at: seen,
      created_at: '2026-11-21T21:00:00.000Z',
    });
    const calls = stubApi({
      '/api/v1/get-bridge-panel': () => ok(panelOf({ keys: revoked ? [] : [serato] })),
      '/api/v1/revoke-bridge-key': () => {
        revoked = true;
        return ok({ id: serato.id }, BRIDGE_MSG.keyRevoked);
      },
    });
    renderPanel();
    const bridges = await screen.findByRole('list', { name: 'Bridges' });
    expect(within(bridges).getByText('Serato bridge')).toBeInTheDocument();
    expect(within(bridges).getByText(/^Connected · seen 1\d s ago$/)).toBeInTheDocument();

    const revoke = within(bridges).getByRole('button', {
      name: 'Revoke: Serato bridge, made at 9:00 PM',
    });
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this bridge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, '/api/v1/revoke-bridge-key')).toHaveLength(0);

    await user.click(revoke);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText(BRIDGE_MSG.keyRevoked)).toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/revoke-bridge-key').map((call) => call.body)).toEqual([
      { event_id: EVENT_ID, key_id: serato.id },
    ]);
    expect(await screen.findByText('No bridge yet.')).toBeInTheDocument();
  });

  it('warns about a bridge not seen for minutes and one still waiting to pair', async () => {
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    stubApi({
      '/api/v1/get-bridge-panel': ok(
        panelOf({
          keys: [
            bridgeKey({ id: 2, source: 'traktor', paired_at: longAgo, last_seen_at: longAgo }),
            bridgeKey({
              id: 1,
              pairing_expires_at: new Date(Date.now() - 1000).toISOString(),
            }),
          ],
        }),
      ),
    });
    renderPanel();
    const bridges = await screen.findByRole('list', { name: 'Bridges' });
    expect(within(bridges).getByText('Traktor bridge')).toBeInTheDocument();
    expect(within(bridges).getByText('Not seen for 5 min')).toBeInTheDocument();
    expect(within(bridges).getByText('New bridge')).toBeInTheDocument();
    expect(within(bridges).getByText('Code expired before pairing')).toBeInTheDocument();
  });

  it('lists the tracks the decks played, newest first, with what became of each in words', async () => {
    stubApi({
      '/api/v1/get-bridge-panel': ok(
        panelOf({
          tracks: [
            deckTrack({ id: '1'.repeat(32), outcome: 'marked', deck: '2' }),
            deckTrack({ id: '2'.repeat(32), title: 'Intro', artist: '', outcome: 'unmatched' }),
            deckTrack({ id: '3'.repeat(32), outcome: 'not-following', source: 'virtualdj' }),
            deckTrack({ id: '4'.repeat(32), outcome: 'already-playing', deck: null }),
            deckTrack({ id: '5'.repeat(32), outcome: 'superseded' }),
          ],
        }),
      ),
    });
    renderPanel();
    const tracks = await screen.findByRole('list', { name: 'Tracks from the decks' });
    const rows = within(tracks).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'U2 – OneMarked playing9:05 PM · Deck 2 · SeratoUndo',
      'IntroNot requested9:05 PM · Deck 1 · Serato',
      'U2 – OneFollow the decks off9:05 PM · Deck 1 · VirtualDJ',
      'U2 – OneAlready playing9:05 PM · Serato',
      'U2 – OneCame late9:05 PM · Deck 1 · Serato',
    ]);
  });

  it('undoes the newest track’s mark: its song waits again and the one before plays again', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      '/api/v1/get-bridge-panel': ok(
        panelOf({
          tracks: [
            deckTrack({ id: '1'.repeat(32), song_id: 'one', previous_song_id: 'intro' }),
            deckTrack({ id: '2'.repeat(32), title: 'Intro', song_id: 'intro' }),
          ],
        }),
      ),
      '/api/v1/mark-as-song-request': ok({ removed: true, event_id: EVENT_ID, song_id: 'x' }),
    });
    renderPanel();
    // Only the newest track can be taken back.
    const undo = await screen.findByRole('button', { name: 'Undo: U2 – One marked playing' });
    expect(screen.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);

    await user.click(undo);

    await waitFor(() =>
      expect(callsTo(calls, '/api/v1/mark-as-song-request').map((call) => call.body)).toEqual([
        { event_id: EVENT_ID, song_id: 'one', mark_as: 'unplayed' },
        { event_id: EVENT_ID, song_id: 'intro', mark_as: 'playing' },
      ]),
    );
    expect(await screen.findByText('“One” is no longer marked playing.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('says so when the panel cannot be read, and when a key cannot be made', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubApi({
      '/api/v1/get-bridge-panel': () =>
        failing
          ? { status: 500, body: { status: false, msg: 'Something went wrong.' } }
          : ok(panelOf()),
      '/api/v1/create-bridge-key': {
        status: 409,
        body: { status: false, msg: BRIDGE_MSG.tooManyKeys },
      },
    });
    renderPanel();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Connect a bridge' }));
    expect(await screen.findByText(BRIDGE_MSG.tooManyKeys)).toBeInTheDocument();
    expect(screen.queryByText(CODE)).not.toBeInTheDocument();
  });

  it('says when no bridge or track is there yet', async () => {
    stubApi({ '/api/v1/get-bridge-panel': ok(panelOf()) });
    renderPanel();
    expect(await screen.findByText('No bridge yet.')).toBeInTheDocument();
    expect(screen.getByText('No tracks from the decks yet.')).toBeInTheDocument();
  });
});
