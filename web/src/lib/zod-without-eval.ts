/**
 * The app's CSP allows no eval. zod (v4) otherwise probes for it with
 * `new Function` as it builds its first object schema and, although it falls
 * back by itself, the browser reports a CSP violation on every page. zod's
 * `jitless` setting turns the probe off; it must be set before any schema is
 * built, so `main.tsx` imports this module first (an import runs before the
 * modules imported after it). `config` comes from `zod/v4/core`, the module
 * that holds zod's settings, so the first paint loads that small module and
 * not the schema library.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
