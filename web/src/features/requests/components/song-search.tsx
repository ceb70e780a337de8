import {
  DEDICATION_MAX,
  MSG,
  SONG_SEARCH_DEBOUNCE_MS,
  SONG_SEARCH_TERM_MAX,
  type CatalogSong,
  type EventLine,
  type NowPlaying,
  type SongRequest,
} from '@floorfill/shared';
import {
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconHeart,
  IconMoodEmpty,
  IconPencil,
  IconPlus,
  IconSearch,
  IconWifiOff,
  IconX,
} from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lazyConfirmDialog, truncate } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { formatClock, useNow } from '@/lib/clock';
import { LazyDialog } from '@/lib/lazy-dialog';
import { useOnline } from '@/lib/online';
import { afterNextPaint } from '@/lib/idle';
import { notifyError, notifySuccess } from '@/lib/notify';
import { dropRequest, useKeptRequests } from '../api/request-outbox';
import { useSongSearch } from '../api/search-songs';
import { useCancelSongRequest } from '../api/song-requests';
import { freeTextPayload, songRequestPayload } from '../utils/song-request-payload';
import { splitTypedSong } from '../utils/typed-song';
import { requestStage, type RequestStage } from '../utils/timeline';
import { useRequestSong } from '../utils/use-request-song';
import { isSettled, StageLine } from './own-song-requests';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

export const NO_SONGS_FOUND = 'No songs found';

/** Offline, a search cannot be answered: said instead of showing an earlier search's results. */
export const SEARCH_NEEDS_CONNECTION =
  'Searching needs a connection. A song you already found can still be requested: it is sent when you are back online.';

/** How often a requested result's estimate ("in about 6 min") is worked out again. */
const STAGE_REFRESH_MS = 15_000;

/** The offer of a song the search did not find, sent as typed. */
export function askAnywayLabel(typed: string): string {
  return `Request “${typed}” anyway`;
}

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

/**
 * A button that has just turned from Request into Cancel in the same spot
 * takes no tap for this long: the second tap of a double tap lands on it.
 */
export const CANCEL_SETTLE_MS = 1000;

/** The confirm dialog's words for cancelling a song from the results. */
export const CANCEL_FROM_RESULTS = {
  title: 'Cancel song request?',
  confirm: 'Remove request',
  text: (songName: string) => `“${songName}” will be removed from your requests.`,
} as const;

/** Calls `onCancel` only when the button has shown Cancel for at least CANCEL_SETTLE_MS. */
function useSettledCancel(requested: boolean, onCancel: () => void): () => void {
  const since = useRef(requested ? 0 : Number.POSITIVE_INFINITY);
  useEffect(() => {
    since.current = requested ? performance.now() : Number.POSITIVE_INFINITY;
  }, [requested]);
  return () => {
    if (performance.now() - since.current >= CANCEL_SETTLE_MS) onCancel();
  };
}

function songLabel(song: CatalogSong): string {
  return song.song_artist ? `${song.song_name} by ${song.song_artist}` : song.song_name;
}

interface ResultCardProps {
  song: CatalogSong;
  requested: boolean;
  /** Where the guest's request for this song stands, once the room knows it. */
  stage: RequestStage | null;
  timeZone: string;
  busy: boolean;
  canRequest: boolean;
  onRequest: (song: CatalogSong) => void;
  onCancel: (song: CatalogSong) => void;
}

function ResultCard({
  song,
  requested,
  stage,
  timeZone,
  busy,
  canRequest,
  onRequest,
  onCancel,
}: ResultCardProps) {
  const cancel = useSettledCancel(requested, () => onCancel(song));
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group wrap="nowrap" gap="sm">
        <SongArtwork src={song.song_image} songId={song.song_id} title={song.song_name} size={48} />
        <Stack gap={0} flex={1} miw={0}>
          <SongText title={song.song_name} artist={song.song_artist} album={song.album_name} />
          {requested && stage ? (
            <StageLine stage={stage} clock={(iso) => formatClock(iso, timeZone)} />
          ) : null}
        </Stack>
        {requested && stage && isSettled(stage) ? null : requested ? (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconX size={14} aria-hidden="true" />}
            loading={busy}
            onClick={cancel}
            aria-label={`Cancel request for ${songLabel(song)}`}
          >
            Cancel
          </Button>
        ) : (
          <Button
            size="sm"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            loading={busy}
            disabled={!canRequest}
            onClick={() => onRequest(song)}
            aria-label={`Request ${songLabel(song)}`}
          >
            Request
          </Button>
        )}
      </Group>
    </Card>
  );
}

interface AskAnywayProps {
  /** The search box's text, trimmed. */
  typed: string;
  /** Nothing was found: the offer is the screen's one action. Otherwise it sits below the results. */
  prominent: boolean;
  requested: boolean;
  busy: boolean;
  canRequest: boolean;
  onRequest: () => void;
  onCancel: () => void;
}

/**
 * "Request “…” anyway" (issue 15): the typed text goes to the DJ as a song,
 * in one tap, without a form: "Title - Artist" names the artist too, and the
 * prominent offer says how it will be sent. Below results it is a quiet
 * link-like button, for the song the results do not have.
 */
function AskAnyway({
  typed,
  prominent,
  requested,
  busy,
  canRequest,
  onRequest,
  onCancel,
}: AskAnywayProps) {
  const song = splitTypedSong(typed);
  const label = askAnywayLabel(typed);
  const cancel = useSettledCancel(requested, onCancel);
  if (requested) {
    return (
      <Group gap="xs" justify="center" wrap="nowrap">
        <Text size="sm" c="dimmed" miw={0} style={{ overflowWrap: 'anywhere' }}>
          You asked for “{typed}”.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden="true" />}
          loading={busy}
          onClick={cancel}
          aria-label={`Cancel request for “${typed}”`}
          style={{ flex: 'none' }}
        >
          Cancel
        </Button>
      </Group>
    );
  }
  const wrapping = { label: { whiteSpace: 'normal' as const, overflowWrap: 'anywhere' as const } };
  if (!prominent) {
    return (
      <Button
        variant="subtle"
        size="sm"
        h="auto"
        py={6}
        styles={wrapping}
        leftSection={<IconPencil size={14} aria-hidden="true" />}
        loading={busy}
        disabled={!canRequest}
        onClick={onRequest}
        style={{ alignSelf: 'center' }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Stack gap={6} align="stretch">
      <Button
        size="md"
        h="auto"
        py="xs"
        styles={wrapping}
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        loading={busy}
        disabled={!canRequest}
        onClick={onRequest}
      >
        {label}
      </Button>
      <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {song.artist
          ? `Sent as “${song.title}” by ${song.artist}, marked as typed by you.`
          : 'Sent as you typed it. Name the artist too with “Title - Artist”.'}
      </Text>
    </Stack>
  );
}

function SearchingNotice() {
  return (
    <Stack align="center" py="md" gap="xs" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed">Searching…</Text>
    </Stack>
  );
}

function Notice({ children, icon }: { children: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="md" c="dimmed">
      {icon}
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}

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
  const dedicationId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [debounced] = useDebouncedValue(term.trim(), SONG_SEARCH_DEBOUNCE_MS);
  // Clearing the field shows the hint at once; only typing waits for the pause.
  const query = term.trim() ? debounced : '';
  const search = useSongSearch(query);
  const { request: send, busySongId: sending } = useRequestSong({ detailsKey, firstRequest });
  const cancel = useCancelSongRequest(detailsKey);
  const [cancelling, setCancelling] = useState<string | null>(null);
  // The song whose Cancel was tapped in the results, waiting for the guest to confirm.
  const [confirming, setConfirming] = useState<{ songId: string; name: string } | null>(null);
  // Songs kept on the phone until it is back online count as requested: Cancel drops them.
  const kept = useKeptRequests(attendeeId, eventId);

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

  function request(song: CatalogSong) {
    send(songRequestPayload(song, eventId, attendeeId, dedication), () => {
      setDedication('');
      setDedicating(false);
    });
  }

  // The search box's text as a song of its own, for "Request “…” anyway".
  const typed = term.trim();
  const typedRequest = typed
    ? freeTextPayload(splitTypedSong(typed), eventId, attendeeId, dedication)
    : null;

  function requestTyped() {
    if (!typedRequest) return;
    send(typedRequest, () => {
      setDedication('');
      setDedicating(false);
    });
  }

  function isRequested(songId: string): boolean {
    return requested.has(songId) || kept.some((request) => request.payload.songId === songId);
  }

  function cancelRequest(songId: string) {
    setConfirming(null);
    const waiting = kept.find((request) => request.payload.songId === songId);
    if (waiting) {
      dropRequest(waiting.key);
      return;
    }
    setCancelling(songId);
    cancel.mutate(
      { eventId, songId },
      {
        onSuccess: ({ msg }) => notifySuccess(msg),
        onError: (error) => notifyError(errorMessageOf(error)),
        onSettled: () => setCancelling(null),
      },
    );
  }

  function askAnyway(prominent: boolean): ReactNode {
    if (!typedRequest) return null;
    const songId = typedRequest.songId;
    return (
      <AskAnyway
        typed={typed}
        prominent={prominent}
        requested={isRequested(songId)}
        busy={sending === songId || cancelling === songId}
        canRequest={canRequest}
        onRequest={requestTyped}
        onCancel={() => setConfirming({ songId, name: typed })}
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
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: searching ? 0.6 : 1 }}
          aria-label="Search results"
          aria-busy={searching}
        >
          {songs.map((song) => (
            <ResultCard
              key={song.song_id}
              song={song}
              requested={isRequested(song.song_id)}
              stage={stageOf(song.song_id)}
              timeZone={room?.timeZone ?? 'UTC'}
              busy={sending === song.song_id || cancelling === song.song_id}
              canRequest={canRequest}
              onRequest={request}
              onCancel={(picked) =>
                setConfirming({ songId: picked.song_id, name: picked.song_name })
              }
            />
          ))}
        </Stack>
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
      <UnstyledButton
        disabled={!canRequest}
        onClick={() => setDedicating((open) => !open)}
        aria-expanded={dedicating}
        aria-controls={dedicationId}
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} c="dimmed">
          <IconHeart size={14} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {dedication.trim() ? 'Dedication added' : 'Add a dedication (optional)'}
          </Text>
          <IconChevronDown
            size={14}
            aria-hidden="true"
            style={{ transform: dedicating ? 'rotate(180deg)' : undefined }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={dedicating} id={dedicationId}>
        <TextInput
          label="Dedication"
          description="Sent with your next request; only the DJ sees it."
          placeholder="For Sam, happy birthday!"
          value={dedication}
          onChange={(event) => setDedication(event.currentTarget.value)}
          maxLength={DEDICATION_MAX}
          autoComplete="off"
        />
      </Collapse>
      {body}
      <LazyDialog
        dialog={lazyConfirmDialog}
        opened={confirming !== null}
        title={CANCEL_FROM_RESULTS.title}
        confirmLabel={CANCEL_FROM_RESULTS.confirm}
        danger
        loading={false}
        onConfirm={() => confirming && cancelRequest(confirming.songId)}
        onCancel={() => setConfirming(null)}
      >
        {CANCEL_FROM_RESULTS.text(truncate(confirming?.name ?? '', 80))}
      </LazyDialog>
    </Stack>
  );
}
