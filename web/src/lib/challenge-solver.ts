import { solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * altcha-lib's solver, fetched only when a challenge comes (lib/challenge.ts).
 * The work runs in Web Workers, so the page stays responsive (the spinner
 * turns, a screen reader hears the wait) while the phone proves its work.
 */

/** Long past "about a second" on a slow phone: a solve this slow has failed. */
const SOLVE_TIMEOUT_MS = 30_000;

/**
 * Workers racing on interleaved counters, one per core up to four: a phone's
 * cores past that are its slow, efficient ones, which add little.
 */
function workerCount(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
  return Math.min(Math.max(cores, 1), 4);
}

function createWorker(): Worker {
  return new Worker(new URL('./challenge.worker.ts', import.meta.url), { type: 'module' });
}

async function solve(challenge: Challenge, controller: AbortController): Promise<Solution | null> {
  // A page without Web Workers (the unit tests' jsdom) solves on its own thread.
  if (typeof Worker === 'undefined') {
    return solveChallenge({ challenge, controller, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  }
  return solveChallengeWorkers({
    challenge,
    controller,
    concurrency: workerCount(),
    createWorker,
    timeout: SOLVE_TIMEOUT_MS,
  });
}

/** Base64 of the UTF-8 JSON, as altcha-lib's verifier reads a payload. */
function toBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Solves `challenge` (altcha-lib's own shape, as the server's createChallenge
 * made it) and returns the `{challenge, solution}` payload the server
 * verifies; null when it could not be solved.
 */
export async function solveToPayload(
  challenge: Challenge,
  signal?: AbortSignal,
): Promise<string | null> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let solution: Solution | null;
  try {
    solution = await solve(challenge, controller);
  } catch {
    return null;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  signal?.throwIfAborted();
  return solution && toBase64Json({ challenge, solution });
}
