/**
 * A Web Worker of the busy-address solver (lib/challenge-solver.ts):
 * altcha-lib's own worker loop, with the browser's PBKDF2 (Web Crypto).
 * The package's ready-made PBKDF2 worker uses Node's crypto, so it is
 * assembled here from the package's public parts.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
