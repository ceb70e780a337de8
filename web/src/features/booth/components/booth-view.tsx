import type { GroupedSongRequest } from '@floorfill/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Kbd,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceTv, IconDownload, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DarkScope } from '@/components/ui/dark-scope';
import { paths } from '@/config/paths';
import {
  EventDetailsError,
  EventDetailsSkeleton,
  eventDetailsQuery,
  HostEventRoom,
  isEventId,
  setListHref,
  useMarkSongRequest,
} from '@/features/events';
import { RoomLiveStatus, useRoomLive } from '@/features/realtime';
import { LocalAddressNote } from '@/features/sharing';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useEventAttendees } from '../api/get-event-attendees';
import { useSongsRequesters } from '../api/get-song-requesters';
import { attendeeLabels } from '../utils/attendee-labels';
import {
  ACTION_MARK,
  actionSummary,
  boothQueue,
  undoMarks,
  UNDO_WINDOW_MS,
  type BoothAction,
  type DoneAction,
} from '../utils/booth-queue';
import { releaseFocus, useBoothKeys } from '../utils/use-booth-keys';
import { useWakeLock } from '../utils/use-wake-lock';
import classes from './booth.module.css';
import { NowPlayingPanel } from './now-playing';
import { PlayedHistory } from './played-history';
import { QueueRow } from './queue-list';
import { RequestControls } from './request-controls';
import { UndoToast } from './undo-toast';
import { WhoIsHere } from './who-is-here';

export const RECONNECTING_MSG = 'Reconnecting — showing the last state, updated every 5 s';

/** P with no song playing: nothing to finish, and what to press instead. */
export const NOTHING_PLAYING_MSG = 'Nothing is playing. Enter plays the selected song.';

/** A page that just opened is connecting, not reconnecting: the banner waits this long. */
const OFFLINE_GRACE_MS = 2000;

function useOfflineBanner(live: boolean): boolean {
  const [downSince, setDownSince] = useState<number | null>(null);
  useEffect(() => {
    if (live) return;
    const timer = setTimeout(() => setDownSince(Date.now()), OFFLINE_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setDownSince(null);
    };
  }, [live]);
  return !live && downSince !== null;
}

/** Shown once the booth's connection has been down past the grace: it polls meanwhile. */
function ReconnectingBanner() {
  const offline = useOfflineBanner(useRoomLive());
  return offline ? (
    <Alert color="orange" variant="filled" icon={<IconWifiOff aria-hidden="true" />}>
      {RECONNECTING_MSG}
    </Alert>
  ) : null;
}

/** What each key does, in the words of the action it takes. */
export const BOOTH_KEYS: readonly (readonly [key: string, what: string])[] = [
  ['↑ ↓', 'select a song'],
  ['Enter', 'play the selected song'],
  ['P', 'finish the song playing'],
  ['L', 'selected: later'],
  ['R', 'selected: reject'],
  ['Z', 'undo'],
  ['/', 'search'],
  ['Esc', 'keys back to the booth'],
];

function KeyHints() {
  return (
    <Group gap="lg" className={classes.keys} aria-label="Keyboard shortcuts" role="note">
      {BOOTH_KEYS.map(([key, what]) => (
        <Text key={key} className={classes.keyHint}>
          <Kbd>{key}</Kbd> {what}
        </Text>
      ))}
    </Group>
  );
}

/**
 * The DJ's live view of an event (issue 14): now playing, up next with who
 * asked and their dedications, then the whole queue, driven by one key or
 * one tap per action, each undoable for 10 s. Side panels: who is here, the
 * played history, the request controls. Live through the event's room; polls
 * every 5 s while the connection is down. Dark whatever the app's scheme.
 */
export function BoothView({ eventId }: { eventId: number }) {
  return (
    <HostEventRoom eventId={eventId}>
      <BoothScreen eventId={eventId} />
    </HostEventRoom>
  );
}

/**
 * The booth inside its live room: the connection coming and going redraws
 * only the status line and the reconnecting banner, not the queue.
 */
function BoothScreen({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const details = useQuery(eventDetailsQuery(eventId));
  const mark = useMarkSongRequest();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [done, setDone] = useState<DoneAction | null>(null);
  const [busy, setBusy] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  useWakeLock();

  const missing =
    !isEventId(eventId) || (isApiError(details.error) && details.error.httpStatus === 404);
  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);

  // The undo offer lapses after its window.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const event = details.data;
  const nowPlaying = event?.now_playing ?? null;
  const queue = boothQueue(event?.grouped_song_requests ?? [], nowPlaying, search);
  const selectable = queue.selectable;
  const selected =
    selectable.find((song) => song.song_id === selectedId) ?? selectable.at(0) ?? null;
  // Who asked, with their dedications: for the song playing (its dedications stay
  // on screen while it plays) and for up next, in one list of queries.
  const requesterQueries = useSongsRequesters(
    eventId,
    nowPlaying ? [nowPlaying, ...queue.upNext] : queue.upNext,
  );
  const playingRequesters = nowPlaying ? requesterQueries[0]?.data : undefined;
  // Who is here names the requesters: guests who share a name ("Guest") are numbered.
  const attendees = useEventAttendees(eventId);
  const labelOf = attendeeLabels(attendees.data ?? []);
  const requesters = nowPlaying ? requesterQueries.slice(1) : requesterQueries;

  async function send(songId: string, markAs: (typeof ACTION_MARK)[BoothAction] | 'unplayed') {
    await mark.mutateAsync({ event_id: eventId, song_id: songId, mark_as: markAs });
  }

  // Every mark is its own transaction on the server, so a DJ's next key goes out at once
  // even while the last one is still on its way: a key is never dropped.
  async function act(action: BoothAction, song: GroupedSongRequest | null) {
    if (!song) return;
    const previousSongId = nowPlaying?.song_id ?? null;
    // The selection moves on to the song below, so the next key acts on it.
    if (song.song_id === selected?.song_id) {
      const index = selectable.findIndex((entry) => entry.song_id === song.song_id);
      setSelectedId(selectable[index + 1]?.song_id ?? selectable[index - 1]?.song_id ?? null);
    }
    setBusy(true);
    try {
      await send(song.song_id, ACTION_MARK[action]);
      setDone({ action, song, previousSongId });
    } catch (error) {
      notifyError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (!done || busy) return;
    setBusy(true);
    try {
      for (const step of undoMarks(done)) await send(step.songId, step.markAs);
      setSelectedId(done.song.song_id);
      setDone(null);
    } catch (error) {
      notifyError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function unplay(song: GroupedSongRequest) {
    if (busy) return;
    setBusy(true);
    try {
      await send(song.song_id, 'unplayed');
    } catch (error) {
      notifyError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  function move(step: 1 | -1) {
    if (selectable.length === 0) return;
    const index = selected ? selectable.indexOf(selected) : -1;
    const next = Math.min(selectable.length - 1, Math.max(0, index + step));
    setSelectedId(selectable[next]?.song_id ?? null);
  }

  // P ends the song that is playing, never the selected one: a song is marked
  // played only when it played, or by the row's own "Mark played".
  function finish() {
    if (nowPlaying) void act('played', nowPlaying);
    else notifyError(NOTHING_PLAYING_MSG);
  }

  useBoothKeys(
    {
      move,
      play: () => void act('play', selected),
      finish,
      later: () => void act('later', selected),
      reject: () => void act('reject', selected),
      undo: () => void undo(),
      search: () => searchRef.current?.focus(),
      release: releaseFocus,
    },
    event !== undefined,
  );

  if (!event) {
    return (
      <DarkScope>
        <main style={{ padding: 24 }}>
          {details.isError && !missing ? (
            <EventDetailsError error={details.error} onRetry={() => void details.refetch()} />
          ) : (
            <EventDetailsSkeleton />
          )}
        </main>
      </DarkScope>
    );
  }

  const rowProps = {
    onSelect: setSelectedId,
    labelOf,
    onAction: (action: BoothAction, song: GroupedSongRequest) => void act(action, song),
  };

  return (
    <DarkScope>
      <main className={classes.screen} aria-labelledby="booth-title">
        <Stack gap="md" miw={0}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Anchor component={Link} to={paths.host.eventDetails.getHref(eventId)} c="dimmed">
                ← Event page
              </Anchor>
              <Title order={1} fz="h3" id="booth-title" className={classes.ellipsis}>
                {event.name} · Booth
              </Title>
            </Group>
            <RoomLiveStatus size="lg" />
          </Group>
          <ReconnectingBanner />
          <NowPlayingPanel
            song={nowPlaying}
            requesters={playingRequesters}
            labelOf={labelOf}
            busy={busy}
            onPlayed={(song) => void act('played', song)}
          />
          <section aria-labelledby="up-next-title">
            <Title order={2} id="up-next-title" fz="sm" tt="uppercase" lts={1} c="dimmed" mb="xs">
              Up next
            </Title>
            {queue.upNext.length === 0 ? (
              <Text c="dimmed" fz="lg">
                {search ? 'No waiting song matches the search.' : 'No songs waiting.'}
              </Text>
            ) : (
              <ul className={classes.list} aria-label="Up next">
                {queue.upNext.map((song, index) => (
                  <QueueRow
                    key={song.song_id}
                    song={song}
                    variant="upNext"
                    selected={song.song_id === selected?.song_id}
                    requesters={requesters[index]?.data}
                    {...rowProps}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="queue-title">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={2} id="queue-title" fz="sm" tt="uppercase" lts={1} c="dimmed">
                Queue ({queue.rest.length})
              </Title>
              <TextInput
                ref={searchRef}
                aria-label="Search the queue"
                placeholder="Search title or artist ( / )"
                type="search"
                size="sm"
                w={280}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={search}
                onChange={(change) => setSearch(change.currentTarget.value)}
                onKeyDown={(key) => {
                  if (key.key !== 'Escape') return;
                  setSearch('');
                  key.currentTarget.blur();
                }}
              />
            </Group>
            {queue.rest.length === 0 ? (
              <Text c="dimmed">Nothing else waiting.</Text>
            ) : (
              <ul className={classes.list} aria-label="Queue">
                {queue.rest.map((song) => (
                  <QueueRow
                    key={song.song_id}
                    song={song}
                    selected={song.song_id === selected?.song_id}
                    {...rowProps}
                  />
                ))}
              </ul>
            )}
          </section>
          <KeyHints />
        </Stack>

        <Stack gap="md" component="aside" aria-label="Booth panels">
          <LocalAddressNote url={event.url} />
          <Group gap="xs">
            <Button
              component="a"
              href={paths.display.getHref(event.code)}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconDeviceTv size={16} aria-hidden="true" />}
            >
              Big screen
            </Button>
            <Button
              component="a"
              href={setListHref(eventId, 'csv')}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Set list CSV
            </Button>
            <Button
              component="a"
              href={setListHref(eventId, 'm3u')}
              download
              variant="default"
              aria-label="Set list M3U"
            >
              M3U
            </Button>
          </Group>
          <Tabs defaultValue="here" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="here">Who is here ({event.enrolled_users_count})</Tabs.Tab>
              <Tabs.Tab value="played">Played ({queue.played.length})</Tabs.Tab>
              <Tabs.Tab value="controls">Request controls</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="here" pt="md">
              <WhoIsHere eventId={eventId} timeZone={event.timezone} />
            </Tabs.Panel>
            <Tabs.Panel value="played" pt="md">
              <PlayedHistory
                eventId={eventId}
                songs={queue.played}
                timeZone={event.timezone}
                onUnplay={(song) => void unplay(song)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="controls" pt="md">
              <RequestControls eventId={eventId} settings={event.request_settings} />
            </Tabs.Panel>
          </Tabs>
        </Stack>

        {done ? (
          <UndoToast
            summary={actionSummary(done.action, done.song.song_name)}
            busy={busy}
            onUndo={() => void undo()}
          />
        ) : null}
      </main>
    </DarkScope>
  );
}
