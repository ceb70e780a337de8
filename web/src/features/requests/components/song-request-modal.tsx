import {
  DEDICATION_MAX,
  MSG,
  SONG_SEARCH_DEBOUNCE_MS,
  SONG_SEARCH_TERM_MAX,
  type CatalogSong,
} from '@floorfill/shared';
import { Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconMoodEmpty, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { dropRequest, useKeptRequests } from '../api/request-outbox';
import { useSongSearch } from '../api/search-songs';
import { useCancelSongRequest, useSendSongRequest } from '../api/song-requests';
import { songRequestPayload } from '../utils/song-request-payload';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

export const NO_SONGS_FOUND = 'No songs found';

interface SongRequestModalProps {
  opened: boolean;
  onClose: () => void;
  eventId: number;
  attendeeId: number;
  /** Where the page caches its event details; a request or cancel updates them there. */
  detailsKey: QueryKey;
  /** Song ids the caller already requested here: those offer Cancel. */
  requested: ReadonlySet<string>;
}

function songLabel(song: CatalogSong): string {
  return song.song_artist ? `${song.song_name} by ${song.song_artist}` : song.song_name;
}

interface ResultCardProps {
  song: CatalogSong;
  requested: boolean;
  busy: boolean;
  onRequest: (song: CatalogSong) => void;
  onCancel: (song: CatalogSong) => void;
}

function ResultCard({ song, requested, busy, onRequest, onCancel }: ResultCardProps) {
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group wrap="nowrap" gap="sm">
        <SongArtwork src={song.song_image} />
        <Stack gap={0} flex={1} miw={0}>
          <SongText title={song.song_name} artist={song.song_artist} album={song.album_name} />
        </Stack>
        {requested ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden="true" />}
            loading={busy}
            onClick={() => onCancel(song)}
            aria-label={`Cancel request for ${songLabel(song)}`}
          >
            Cancel
          </Button>
        ) : (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            loading={busy}
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

function SearchingNotice() {
  return (
    <Stack align="center" py="xl" gap="xs" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed">Searching…</Text>
    </Stack>
  );
}

function Notice({ children, icon }: { children: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="xl" c="dimmed">
      {icon}
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The SONG REQUEST modal (spec §2): search the catalog once typing pauses
 * for 1 s, never for an empty term (§5), and request or cancel each result.
 */
export function SongRequestModal({
  opened,
  onClose,
  eventId,
  attendeeId,
  detailsKey,
  requested,
}: SongRequestModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [term, setTerm] = useState('');
  const [dedication, setDedication] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SONG_SEARCH_DEBOUNCE_MS);
  // Clearing the field shows the hint at once; only typing waits for the pause.
  const query = term.trim() ? debounced : '';
  const search = useSongSearch(query);
  const send = useSendSongRequest(detailsKey);
  const cancel = useCancelSongRequest(detailsKey);
  const [busySongId, setBusySongId] = useState<string | null>(null);
  // Songs kept on the phone until it is back online count as requested: Cancel drops them.
  const kept = useKeptRequests(attendeeId, eventId);

  const typing = term.trim() !== '' && term.trim() !== debounced;
  const searching = typing || search.isFetching;
  const songs = query ? search.data : undefined;

  function request(song: CatalogSong) {
    setBusySongId(song.song_id);
    send.mutate(songRequestPayload(song, eventId, attendeeId, dedication), {
      onSuccess: (outcome) => {
        // Kept for later is not a failure: said calmly, as information.
        if (outcome.kept) notifyInfo(outcome.msg);
        else notifySuccess(outcome.msg);
        setDedication('');
      },
      onError: (error) => notifyError(errorMessageOf(error)),
      onSettled: () => setBusySongId(null),
    });
  }

  function cancelRequest(song: CatalogSong) {
    const waiting = kept.find((request) => request.payload.songId === song.song_id);
    if (waiting) {
      dropRequest(waiting.key);
      return;
    }
    setBusySongId(song.song_id);
    cancel.mutate(
      { eventId, songId: song.song_id },
      {
        onSuccess: ({ msg }) => notifySuccess(msg),
        onError: (error) => notifyError(errorMessageOf(error)),
        onSettled: () => setBusySongId(null),
      },
    );
  }

  function close() {
    setTerm('');
    setDedication('');
    onClose();
  }

  let body: ReactNode;
  if (!term.trim()) {
    body = (
      <Notice icon={<IconSearch size={28} aria-hidden="true" />}>
        Type an artist or a song title to search.
      </Notice>
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
      <Notice icon={<IconMoodEmpty size={28} aria-hidden="true" />}>{NO_SONGS_FOUND}</Notice>
    );
  } else {
    body = (
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
            requested={
              requested.has(song.song_id) ||
              kept.some((request) => request.payload.songId === song.song_id)
            }
            busy={busySongId === song.song_id}
            onRequest={request}
            onCancel={cancelRequest}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="SONG REQUEST"
      size="lg"
      fullScreen={phone}
      styles={{ title: { fontWeight: 800, letterSpacing: 0.5 } }}
    >
      <Stack gap="md">
        <TextInput
          label="Search songs"
          placeholder="Artist or song title"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          maxLength={SONG_SEARCH_TERM_MAX}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
          data-autofocus
          autoComplete="off"
          type="search"
        />
        <TextInput
          label="Dedication"
          description="Optional. Sent with your next request; only the DJ sees it."
          placeholder="For Sam, happy birthday!"
          value={dedication}
          onChange={(event) => setDedication(event.currentTarget.value)}
          maxLength={DEDICATION_MAX}
          autoComplete="off"
        />
        {body}
      </Stack>
    </Modal>
  );
}
