/**
 * The bridge a DJ downloads: `npm run build -w bridge` (and the root
 * `npm run build`, after the web app) bundles `src/cli.ts` with everything it
 * imports (the shared contracts, zod, altcha-lib) into one file,
 * `web/dist/downloads/floorfill-bridge.mjs`, which the server hands out with
 * the web app and the booth links to. A DJ runs it with any Node 20 or newer:
 * `node floorfill-bridge.mjs --server … --pair … --source …`.
 */
import path from 'node:path';
import { build, stop } from 'esbuild';

const BRIDGE_DIR = import.meta.dirname;
const REPO_ROOT = path.dirname(BRIDGE_DIR);

/** Where the download goes, relative to the repository root. */
export const BRIDGE_DOWNLOAD = 'web/dist/downloads/floorfill-bridge.mjs';

export async function buildBridge(outfile = path.join(REPO_ROOT, BRIDGE_DOWNLOAD)): Promise<void> {
  try {
    await build({
      entryPoints: [path.join(BRIDGE_DIR, 'src/cli.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      // The oldest Node a DJ's laptop may still have (its top-level await, fetch, parseArgs).
      target: 'node20',
      // The source file's own `#!/usr/bin/env node` line is kept by esbuild.
      tsconfig: path.join(BRIDGE_DIR, 'tsconfig.json'),
      logLevel: 'warning',
    });
  } finally {
    // esbuild's service process would otherwise live as long as the caller.
    await stop();
  }
}

if (import.meta.main) await buildBridge();
