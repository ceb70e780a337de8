import {
  MSG,
  SONG_SEARCH_DEBOUNCE_MS,
  SONG_SEARCH_TERM_MAX,
  type CatalogSong,
  type EventLine,
  type NowPlaying,
  type SongRequest,
} from '@floorfill/shared';
import { Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMoodEmpty, IconSearch, IconWifiOff } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { lazyConfirmDialog, truncate } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { useNow } from '@/lib/clock';
import { LazyDialog } from '@/lib/lazy-dialog';
import { useOnline } from '@/lib/online';
import { afterNextPaint } from '@/lib/idle';
import { useSongSearch } from '../api/search-songs';
import { freeTextPayload, songRequestPayload } from '../utils/song-request-payload';
import { splitTypedSong } from '../utils/typed-song';
import { requestStage, type RequestStage } from '../utils/timeline';
import { useCancelFromResults } from '../utils/use-cancel-from-results';
import { useRequestSong } from '../utils/use-request-song';
import { AskAnyway } from './ask-anyway';
import { DedicationField } from './dedication-field';
import { Notice, SearchingNotice } from './search-notices';
import { SearchResultCard } from './search-result-card';

export const NO_SONGS_FOUND = 'No songs found';

/** Offline, a search cannot be answered: said instead of showing an earlier search's results. */
export const SEARCH_NEEDS_CONNECTION =
  'Searching needs a connection. A song you already found can still be requested: it is sent when you are back online.';

/** How often a requested result's estimate ("in about 6 min") is worked out again. */
const STAGE_REFRESH_MS = 15_000;

interface SongSearchProps {
  eventId: number;
  attendeeId: number;
  /** Where the page caches its event details; a request or cancel updates them there. */
  detailsKey: QueryKey;
  /** Song ids the caller already requested here: those offer Cancel. */
  requested: ReadonlySet<string>;
  /** The host's controls let the guest request now (closed, or their cap reached: not). */
  canRequest: boolean;
  /** The guest has asked for nothing yet. */
  firstRequest: boolean;
  /** Puts the cursor in the search box when the page opens: the request comes first. */
  autoFocus?: boolean;
  /**
   * The guest's requests and the room's line: a requested result shows where
   * its song stands (#2 in line, up next, playing) right where it was tapped.
   */
  room?: SearchRoom;
}

export interface SearchRoom {
  requests: readonly SongRequest[];
  nowPlaying: NowPlaying | null;
  line: EventLine | null;
  /** The event's zone: "played at" is the venue's clock. */
  timeZone: string;
}

/** The confirm dialog's words for cancelling a song from the results. */
export const CANCEL_FROM_RESULTS = {
  title: 'Cancel song request?',
  confirm: 'Remove request',
  text: (songName: string) => `“${songName}” will be removed from your requests.`,
} as const;

/**
 * The request, first on the guest's event page (issue 15): a search box
 * (searched once typing pauses for a moment, never for an empty term) whose
 * results send a song in one tap, or cancel it after a confirm. A dedication for
 * the DJ is optional, folded away under the box, and goes with the next
 * request.
 */
export function SongSearch({
  eventId,
  attendeeId,
  detailsKey,
  requested,
  canRequest,
  firstRequest,
  autoFocus = false,
  room,
}: SongSearchProps) {
  const [term, setTerm] = useState('');
  const [dedication, setDedication] = useState('');
  const [dedicating, setDedicating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [debounced] = useDebouncedValue(term.trim(), SONG_SEARCH_DEBOUNCE_MS);
  // Clearing the field shows the hint at once; only typing waits for the pause.
  const query = term.trim() ? debounced : '';
  const search = useSongSearch(query);
  const { request: send, busySongId: sending } = useRequestSong({ detailsKey, firstRequest });
  const cancel = useCancelFromResults({ eventId, attendeeId, detailsKey, requested });

  // Once the page's frame is painted: focusing before would lay the page out inside the task
  // that draws it.
  useEffect(() => {
    if (!autoFocus) return;
    return afterNextPaint(() => input.current?.focus());
  }, [autoFocus]);

  const now = useNow(STAGE_REFRESH_MS);
  function stageOf(songId: string): RequestStage | null {
    const own = room?.requests.find((request) => request.song_id === songId);
    if (!room || !own) return null;
    return requestStage(own, false, { nowPlaying: room.nowPlaying, line: room.line, now });
  }

  const online = useOnline();
  const typing = term.trim() !== '' && term.trim() !== debounced;
  const searching = typing || search.isFetching;
  const songs = query ? search.data : undefined;

  // A dedication goes with one request: once it is sent, the field empties and folds away.
  function clearDedication() {
    setDedication('');
    setDedicating(false);
  }

  function request(song: CatalogSong) {
    send(songRequestPayload(song, eventId, attendeeId, dedication), clearDedication);
  }

  // The search box's text as a song of its own, for "Request “…” anyway".
  const typed = term.trim();
  const typedRequest = typed
    ? freeTextPayload(splitTypedSong(typed), eventId, attendeeId, dedication)
    : null;

  function requestTyped() {
    if (!typedRequest) return;
    send(typedRequest, clearDedication);
  }

  function askAnyway(prominent: boolean): ReactNode {
    if (!typedRequest) return null;
    const songId = typedRequest.songId;
    return (
      <AskAnyway
        typed={typed}
        prominent={prominent}
        requested={cancel.isRequested(songId)}
        busy={sending === songId || cancel.cancelling === songId}
        canRequest={canRequest}
        onRequest={requestTyped}
        onCancel={() => cancel.ask({ songId, name: typed })}
      />
    );
  }

  let body: ReactNode = null;
  if (!term.trim()) {
    // Nothing typed: the page's queue shows below the box.
  } else if (!online && (search.isPlaceholderData || !songs)) {
    // The results on screen would be another term's: none are shown for this one.
    body = (
      <Notice icon={<IconWifiOff size={28} aria-hidden="true" />}>{SEARCH_NEEDS_CONNECTION}</Notice>
    );
  } else if (!songs) {
    body =
      search.isError && !typing ? (
        <Notice>{errorMessageOf(search.error) || MSG.unexpected}</Notice>
      ) : (
        <SearchingNotice />
      );
  } else if (songs.length === 0) {
    body = searching ? (
      <SearchingNotice />
    ) : (
      <>
        <Notice icon={<IconMoodEmpty size={28} aria-hidden="true" />}>{NO_SONGS_FOUND}</Notice>
        {askAnyway(true)}
      </>
    );
  } else {
    body = (
      <>
        <PlainList
          style={{ opacity: searching ? 0.6 : 1 }}
          aria-label="Search results"
          aria-busy={searching}
        >
          {songs.map((song) => (
            <SearchResultCard
              key={song.song_id}
              song={song}
              requested={cancel.isRequested(song.song_id)}
              stage={stageOf(song.song_id)}
              timeZone={room?.timeZone ?? 'UTC'}
              busy={sending === song.song_id || cancel.cancelling === song.song_id}
              canRequest={canRequest}
              onRequest={request}
              onCancel={(picked) => cancel.ask({ songId: picked.song_id, name: picked.song_name })}
            />
          ))}
        </PlainList>
        {searching ? null : askAnyway(false)}
      </>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        ref={input}
        label="Search songs"
        placeholder="Artist or song title"
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        maxLength={SONG_SEARCH_TERM_MAX}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
        autoComplete="off"
        type="search"
        size="md"
        // Closed, or the guest's cap reached: the page says why above the box.
        disabled={!canRequest}
      />
      <DedicationField
        value={dedication}
        onChange={setDedication}
        opened={dedicating}
        onToggle={() => setDedicating((open) => !open)}
        disabled={!canRequest}
      />
      {body}
      <LazyDialog
        dialog={lazyConfirmDialog}
        opened={cancel.confirming !== null}
        title={CANCEL_FROM_RESULTS.title}
        confirmLabel={CANCEL_FROM_RESULTS.confirm}
        danger
        loading={false}
        onConfirm={cancel.confirm}
        onCancel={cancel.dismiss}
      >
        {CANCEL_FROM_RESULTS.text(truncate(cancel.confirming?.name ?? '', 80))}
      </LazyDialog>
    </Stack>
  );
}
