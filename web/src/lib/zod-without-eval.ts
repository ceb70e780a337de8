/**
 * The app's CSP allows no eval. zod (v4) otherwise probes for it with
 * `new Function` as it builds its first object schema and, although it falls
 * back by itself, the browser reports a CSP violation on every page. zod reads
 * its settings from `globalThis.__zod_globalConfig` (where `z.config()`
 * writes them, shared by every copy of zod on the page), so setting `jitless`
 * there before any schema is built turns the probe off, without loading zod
 * into the first paint. `main.tsx` calls this first.
 */
export function runZodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
}
