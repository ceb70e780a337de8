import { DEFAULT_REQUEST_SETTINGS } from '@floorfill/shared';
import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DarkScope } from '@/components/ui/dark-scope';
import { queueOrderName } from '../utils/queue-order-words';
import { paths } from '@/config/paths';
import {
  EventDetailsError,
  EventDetailsSkeleton,
  HostEventRoom,
  useHostEventDetails,
} from '@/features/events';
import { RoomLiveStatus } from '@/features/realtime';
import { useEventAttendees } from '../api/get-event-attendees';
import { useSongsRequesters } from '../api/get-song-requesters';
import { attendeeLabels } from '../utils/attendee-labels';
import { actionSummary, boothQueue } from '../utils/booth-queue';
import { useBoothActions } from '../utils/use-booth-actions';
import { releaseFocus, useBoothKeys } from '../utils/use-booth-keys';
import { useCaptureFailedNotice } from '../utils/use-capture-failed-notice';
import { useWakeLock } from '../utils/use-wake-lock';
import { BoothPanels } from './booth-panels';
import classes from './booth.module.css';
import { KeyHints } from './key-hints';
import { NowPlayingPanel } from './now-playing';
import { QueueRow } from './queue-list';
import { ReconnectingBanner } from './reconnecting-banner';
import { UndoToast } from './undo-toast';

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
  const { details, missing } = useHostEventDetails(eventId);
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  useWakeLock();
  useCaptureFailedNotice();

  const event = details.data;
  const nowPlaying = event?.now_playing ?? null;
  const settings = event?.request_settings ?? DEFAULT_REQUEST_SETTINGS;
  const queue = boothQueue(event?.grouped_song_requests ?? [], nowPlaying, search, settings);
  const booth = useBoothActions({ eventId, selectable: queue.selectable, nowPlaying });
  const selected = booth.selected;
  // Who asked, with their dedications: for the song playing (its dedications stay
  // on screen while it plays) and for up next, in one list of queries.
  // A track the decks play that nobody requested has nobody to ask.
  const playingRequested = nowPlaying?.requested ? nowPlaying : null;
  const requesterQueries = useSongsRequesters(
    eventId,
    playingRequested ? [playingRequested, ...queue.upNext] : queue.upNext,
  );
  const playingRequesters = playingRequested ? requesterQueries[0]?.data : undefined;
  // Who is here names the requesters: guests who share a name ("Guest") are numbered.
  const attendees = useEventAttendees(eventId);
  const labelOf = attendeeLabels(attendees.data ?? []);
  const requesters = playingRequested ? requesterQueries.slice(1) : requesterQueries;

  useBoothKeys(
    {
      move: booth.move,
      play: () => booth.act('play', selected),
      finish: booth.finish,
      later: () => booth.act('later', selected),
      reject: () => booth.act('reject', selected),
      allow: () => booth.allow(selected),
      undo: booth.undo,
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
    onSelect: booth.select,
    labelOf,
    onAction: booth.act,
    onAllow: booth.allow,
    boostCurrency: settings.boost_currency,
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
            busy={booth.busy}
            onPlayed={(song) => booth.act('played', song)}
          />
          <section aria-labelledby="up-next-title">
            <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
              <Title order={2} id="up-next-title" fz="sm" tt="uppercase" lts={1} c="dimmed">
                Up next
              </Title>
              {/* The order in force, so a DJ who chose fair share sees why a song waits. */}
              <Text fz="md" c="dimmed" data-testid="queue-order">
                {queueOrderName(settings.queue_order, settings.boost_order)}
              </Text>
            </Group>
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

        <BoothPanels
          eventId={eventId}
          event={event}
          played={queue.played}
          onUnplay={booth.unplay}
        />

        {booth.done ? (
          <UndoToast
            summary={actionSummary(booth.done.action, booth.done.song.song_name)}
            busy={booth.busy}
            onUndo={booth.undo}
          />
        ) : null}
      </main>
    </DarkScope>
  );
}
