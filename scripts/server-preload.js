/**
 * Loaded by `npm start` before the built server (`node --import`): stack
 * traces from our own code point into its TypeScript through the bundle's
 * source map, while installed packages keep their plain traces. Node's
 * `--enable-source-maps` would also parse every package's own maps (PGlite,
 * zod, kysely, …), which held ~35 MB of heap for the life of the process.
 * It has to run before the bundle loads: a source map is read when its
 * module is compiled, not later.
 *
 * JavaScript, not TypeScript: a .ts file would make Node load its type
 * stripper into the server process for these two lines (~17 MB and ~0.15 s).
 */
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false });
