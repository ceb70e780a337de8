import { DELTA_ENCODING, type RoomDelta, type SubscribeAnswer } from '@floorfill/shared';

/**
 * Big catch-up deltas come raw-deflated when the client says it can inflate
 * them (a host back after a busy minute on venue Wi-Fi: ~5× fewer bytes).
 * A browser without DecompressionStream does not ask, and gets JSON.
 */
export const canInflate = typeof DecompressionStream === 'function';

/** What the subscribe payload adds so that a big delta may come deflated. */
export const inflateRequest: { inflate?: typeof DELTA_ENCODING } = canInflate
  ? { inflate: DELTA_ENCODING }
  : {};

/** The answer with its delta as JSON, inflated when it came deflated. */
export async function unpackAnswer(answer: SubscribeAnswer): Promise<SubscribeAnswer> {
  const packed = answer.deltaDeflated;
  if (!packed) return answer;
  // Socket.IO hands binary over as an ArrayBuffer in the browser, a Buffer elsewhere.
  const bytes = packed instanceof Uint8Array ? Uint8Array.from(packed) : new Uint8Array(packed);
  const body = new Response(bytes).body;
  if (!body) throw new Error('nothing to inflate');
  const inflated = body.pipeThrough(new DecompressionStream(DELTA_ENCODING));
  const delta = JSON.parse(await new Response(inflated).text()) as RoomDelta;
  return { seq: answer.seq, delta };
}
