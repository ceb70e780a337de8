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
export const OFFLINE_MSG = 'The big screen cannot reach the server.';
/** The server answered, and said no for now: a different thing from offline, with its wait. */
export const REFUSED_MSG = 'Too many tries from this network.';
export const refusedWait = (seconds: number) =>
  `The big screen tries again in ${waitText(seconds)}.`;
/** A busy address's check being solved by the screen itself: a moment, not a fault. */
export const CHECKING_MSG = 'One moment — checking this screen…';
/** Any other failure (a busy server, a check it could not finish): the screen keeps trying. */
export const NOT_LOADED_MSG = 'The big screen could not load the event just now.';

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
                <span className={classes.nextMeta}>
                  {song.boosted ? (
                    <>
                      <span className={classes.boosted}>Boosted</span>{' '}
                    </>
                  ) : null}
                  {requestedBy(song)}
                </span>
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
function RefusedWait({ error, failedAt }: { error: ApiError; failedAt: number }) {
  const now = useNow();
  const waitMs = (error.retryAfterSeconds ?? 0) * 1000 - (now - failedAt);
  return <>{refusedWait(Math.max(1, waitMs / 1000))}</>;
}

/**
 * The whole screen for one sentence, and a smaller line of what the screen
 * does about it. Only the sentence is a live region: a screen reader hears
 * each new state, not every tick of a countdown.
 */
function Message({ title, detail }: { title: string; detail?: ReactNode }) {
  return (
    <main className={classes.message}>
      <div>
        <h1 className={classes.messageTitle} aria-live="polite">
          {title}
        </h1>
        {detail ? <p className={classes.messageDetail}>{detail}</p> : null}
      </div>
    </main>
  );
}

/** Why the screen has nothing to show yet, in the words of what actually happened. */
function Failure({ error, failedAt }: { error: unknown; failedAt: number }) {
  if (isApiError(error) && error.httpStatus === 404) return <Message title={UNKNOWN_CODE_MSG} />;
  if (isConnectionLost(error)) return <Message title={OFFLINE_MSG} detail="Retrying…" />;
  if (isRefused(error) && error.retryAfterSeconds !== null) {
    return (
      <Message title={REFUSED_MSG} detail={<RefusedWait error={error} failedAt={failedAt} />} />
    );
  }
  return <Message title={NOT_LOADED_MSG} detail="Trying again…" />;
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
    body = <Message title={DELETED_EVENT_MSG} />;
  } else if (display.data) body = <Screen state={display.data} />;
  else if (checking) body = <Message title={CHECKING_MSG} />;
  else if (display.isError) {
    body = <Failure error={display.error} failedAt={display.errorUpdatedAt} />;
  } else {
    body = (
      <main className={classes.message} aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  }
  return <DarkScope>{body}</DarkScope>;
}
