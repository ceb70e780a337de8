import { waitText, type DisplaySong, type DisplayState } from '@floorfill/shared';
import type { ReactNode } from 'react';
import { DarkScope } from '@/components/ui/dark-scope';
import { SongArtwork } from '@/components/ui/song-artwork';
import { isApiError, isConnectionLost, isRefused, type ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/clock';
import { useChecking } from '@/lib/challenge';
import { useDisplayState } from '../api/get-display';
import { useDisplayRoom } from '../utils/use-display-room';
import classes from './display.module.css';

export const UNKNOWN_CODE_MSG = 'No event has this code. Check the code on the host’s screen.';
export const DELETED_EVENT_MSG = 'This event was removed by its host.';
/** No answer at all: the network or the server is down. */
export const OFFLINE_MSG = 'The big screen cannot reach the server. Retrying…';
/** The server answered, and said no for now: a different thing from offline, with its wait. */
export const refusedMsg = (seconds: number) =>
  `Too many tries from this network. The big screen tries again in ${waitText(seconds)}.`;
/** A busy address's check being solved by the screen itself: a moment, not a fault. */
export const CHECKING_MSG = 'One moment — checking this screen…';
/** Any other failure (a busy server, a check it could not finish): the screen keeps trying. */
export const TRYING_AGAIN_MSG = 'The big screen could not load the event just now. Trying again…';

function requestedBy(song: DisplaySong): string {
  const count = `${song.request_count} ${song.request_count === 1 ? 'request' : 'requests'}`;
  return song.requested_by?.length ? `${count} · ${song.requested_by.join(', ')}` : count;
}

/** The code spelled out character by character, so it reads aloud from across the room. */
function spelled(code: string): string {
  return code.split('').join(' ');
}

function NowPlaying({ song }: { song: DisplaySong | null }) {
  return (
    <section aria-labelledby="display-now-title">
      <h2 className={classes.label} id="display-now-title">
        Now playing
      </h2>
      {song ? (
        <div className={classes.now}>
          <SongArtwork
            src={song.song_image}
            songId={song.song_id}
            title={song.song_name}
            size="22vh"
            radius={12}
          />
          <div style={{ minWidth: 0 }}>
            <p className={`${classes.nowTitle} ${classes.ellipsis}`}>{song.song_name}</p>
            <p className={`${classes.nowArtist} ${classes.ellipsis}`}>
              {song.song_artist ?? 'Unknown artist'}
            </p>
            {song.requested_by?.length ? (
              <p className={classes.nowArtist}>for {song.requested_by.join(', ')}</p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className={classes.nowArtist}>The DJ has not started yet.</p>
      )}
    </section>
  );
}

function UpNext({ songs }: { songs: readonly DisplaySong[] }) {
  return (
    <section aria-labelledby="display-next-title">
      <h2 className={classes.label} id="display-next-title">
        Up next
      </h2>
      {songs.length === 0 ? (
        <p className={classes.nowArtist}>Request a song: scan the code.</p>
      ) : (
        <ol className={classes.next}>
          {songs.map((song, index) => (
            <li key={song.song_id} className={classes.nextItem}>
              <span className={classes.nextNumber} aria-hidden="true">
                {index + 1}
              </span>
              <span className={classes.ellipsis}>
                <span className={classes.nextTitle}>{song.song_name}</span>
                {song.song_artist ? ` — ${song.song_artist}` : ''}
                <br />
                <span className={classes.nextMeta}>{requestedBy(song)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Screen({ state }: { state: DisplayState }) {
  return (
    <main className={classes.screen} aria-labelledby="display-event-name">
      <div className={classes.main}>
        <h1 className={classes.eventName} id="display-event-name">
          {state.name}
        </h1>
        <NowPlaying song={state.now_playing} />
        <UpNext songs={state.up_next} />
      </div>
      <aside className={classes.side} aria-label="Join">
        <p className={classes.status} data-open={state.requests_open}>
          {state.requests_open ? 'Requests open' : 'Requests closed'}
        </p>
        <img className={classes.qr} src={state.qrcode_path} alt={`QR code to join ${state.name}`} />
        <p className={classes.joinText}>Scan to request, or enter the code</p>
        <p className={classes.code} aria-label={`Event code ${spelled(state.code)}`}>
          {state.code}
        </p>
        <p className={classes.joinText}>{state.join_url}</p>
      </aside>
    </main>
  );
}

/** A refusal's wait, counted down to the screen's next try. */
function Refused({ error, failedAt }: { error: ApiError; failedAt: number }) {
  const now = useNow();
  const waitMs = (error.retryAfterSeconds ?? 0) * 1000 - (now - failedAt);
  return <>{refusedMsg(Math.max(1, waitMs / 1000))}</>;
}

/** Why the screen has nothing to show yet, in the words of what actually happened. */
function Failure({ error, failedAt }: { error: unknown; failedAt: number }) {
  if (isApiError(error) && error.httpStatus === 404) return <>{UNKNOWN_CODE_MSG}</>;
  if (isConnectionLost(error)) return <>{OFFLINE_MSG}</>;
  if (isRefused(error) && error.retryAfterSeconds !== null) {
    return <Refused error={error} failedAt={failedAt} />;
  }
  return <>{TRYING_AGAIN_MSG}</>;
}

/** The whole screen for one sentence; said again to a screen reader whenever it changes. */
function Message({ children }: { children: ReactNode }) {
  return (
    <main className={classes.message} aria-live="polite">
      <h1 style={{ fontSize: 'inherit' }}>{children}</h1>
    </main>
  );
}

/**
 * The big screen for a projector or TV (issue 14): public, no login, no app
 * chrome, dark. Event name, now playing, the next three, whether requests are
 * open, and a large join QR with the code. Live on a connection of its own.
 * Without the event to show, it says what happened: offline, refused for a
 * while (and until when), or a moment's check of a busy address.
 */
export function DisplayScreen({ code }: { code: string }) {
  const { live, deleted } = useDisplayRoom(code);
  // Nothing to poll for once the event is gone.
  const display = useDisplayState(code, live || deleted);
  const checking = useChecking();
  let body;
  if (deleted) {
    body = <Message>{DELETED_EVENT_MSG}</Message>;
  } else if (display.data) body = <Screen state={display.data} />;
  else if (checking) body = <Message>{CHECKING_MSG}</Message>;
  else if (display.isError) {
    body = (
      <Message>
        <Failure error={display.error} failedAt={display.errorUpdatedAt} />
      </Message>
    );
  } else {
    body = (
      <main className={classes.message} aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  }
  return <DarkScope>{body}</DarkScope>;
}
