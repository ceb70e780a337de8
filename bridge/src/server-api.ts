import {
  CHALLENGE_HEADER,
  challengeRequiredData,
  deckSettingsSchema,
  pairBridgeData,
  reportTrackData,
  type AltchaChallenge,
  type BridgeSource,
  type BridgeTrack,
  type DeckSettings,
  type PairBridgeData,
  type ReportTrackData,
} from '@floorfill/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { SendResult } from './outbox.ts';

/**
 * The bridge's three calls to the server (docs/api.md, "Following the
 * decks"): pair once with the booth's code, then read the event's deck
 * settings and report tracks with the token pairing gave.
 */

/** A call that waits longer than this has failed: the outbox tries again. */
const CALL_TIMEOUT_MS = 15_000;
/** Busy-address challenges one pairing solves before it gives up. */
const MAX_CHALLENGE_ROUNDS = 3;

/** The server refused: its message is for the DJ. */
export class ServerRefusal extends Error {
  override name = 'ServerRefusal';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface Answer {
  status: number;
  body: { status?: boolean; msg?: string; data?: unknown };
}

async function call(url: URL, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const body = (await response.json().catch(() => ({}))) as Answer['body'];
  return { status: response.status, body };
}

/** X-Altcha for a busy address's challenge: altcha-lib's solver with Node's PBKDF2. */
async function solved(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution)
    throw new ServerRefusal(428, 'The server asked for a check this laptop could not finish.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

export function createServerApi(server: string) {
  const base = new URL(server);
  const at = (path: string) => new URL(path, base);

  return {
    /**
     * Exchanges the booth's pairing code for the bridge's token. At a busy
     * address (the venue's Wi-Fi) the server asks for proof of work first,
     * which the bridge solves by itself, as the guests' phones do.
     */
    async pair(pairingCode: string): Promise<PairBridgeData> {
      let altcha: string | undefined;
      for (let round = 0; ; round += 1) {
        const answer = await call(at('/api/v1/bridge/pair'), {
          method: 'POST',
          headers: altcha ? { ...json, [CHALLENGE_HEADER]: altcha } : json,
          body: JSON.stringify({ pairing_code: pairingCode }),
        });
        if (answer.status === 200) return pairBridgeData.parse(answer.body.data);
        const challenge = challengeRequiredData.safeParse(answer.body.data);
        if (answer.status === 428 && challenge.success && round < MAX_CHALLENGE_ROUNDS) {
          altcha = await solved(challenge.data.challenge);
          continue;
        }
        throw new ServerRefusal(
          answer.status,
          answer.body.msg || `The server answered ${answer.status}.`,
        );
      }
    },

    /** The event's deck settings now; the booth shows this bridge seen, reading `source`. */
    async status(token: string, source: BridgeSource): Promise<DeckSettings> {
      const url = at('/api/v1/bridge/status');
      url.searchParams.set('source', source);
      const answer = await call(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      if (answer.status !== 200) {
        throw new ServerRefusal(
          answer.status,
          answer.body.msg || `The server answered ${answer.status}.`,
        );
      }
      return deckSettingsSchema.parse(answer.body.data);
    },

    /**
     * Reports one track start, as the outbox asks: `sent` once the server has
     * it (or had it), `revoked` when the key no longer works, `refused` when
     * the server will never take this report, else `later`.
     */
    async report(
      token: string,
      track: BridgeTrack,
      onAnswer?: (answer: ReportTrackData) => void,
    ): Promise<SendResult> {
      let answer: Answer;
      try {
        answer = await call(at('/api/v1/bridge/tracks'), {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${token}` },
          body: JSON.stringify(track),
        });
      } catch {
        return 'later';
      }
      if (answer.status === 200) {
        const data = reportTrackData.safeParse(answer.body.data);
        if (data.success) onAnswer?.(data.data);
        return 'sent';
      }
      if (answer.status === 401) return 'revoked';
      // Too many, busy, or a server or proxy in trouble: the same report later.
      if (answer.status === 408 || answer.status === 429 || answer.status >= 500) return 'later';
      return 'refused';
    },
  };
}

export type ServerApi = ReturnType<typeof createServerApi>;
