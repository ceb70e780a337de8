/**
 * The bridge a DJ downloads: `npm run build -w bridge` (and the root
 * `npm run build`, after the web app) bundles `src/cli.ts` with everything it
 * imports (the shared contracts, zod, altcha-lib) into one file,
 * `web/dist/downloads/floorfill-bridge.mjs`, which the server hands out with
 * the web app and the booth links to. A DJ runs it with any Node 20 or newer:
 * `node floorfill-bridge.mjs --server … --pair … --source …`.
 *
 * Beside it, the same bridge as a single executable for the system that
 * builds it (Node's single executable applications: this Node with the
 * bundle inside), for a DJ with no Node at all: `floorfill-bridge-linux-x64`
 * from a Linux x64 build. `executables.json` lists what was built, so the
 * booth offers only what is there.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BridgeExecutable } from '@floorfill/shared';
import { build, stop, type BuildOptions } from 'esbuild';
import { inject } from 'postject';

const BRIDGE_DIR = import.meta.dirname;
const REPO_ROOT = path.dirname(BRIDGE_DIR);

/** Where the download goes, relative to the repository root. */
export const BRIDGE_DOWNLOAD = 'web/dist/downloads/floorfill-bridge.mjs';

/** The marker Node looks for to know it carries an application (Node's SEA documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const run = promisify(execFile);

const bundleOptions = {
  entryPoints: [path.join(BRIDGE_DIR, 'src/cli.ts')],
  bundle: true,
  platform: 'node',
  // The oldest Node a DJ's laptop may still have (fetch, parseArgs).
  target: 'node20',
  tsconfig: path.join(BRIDGE_DIR, 'tsconfig.json'),
  logLevel: 'warning',
} satisfies BuildOptions;

/** This Node with the bundle inside, at `outfile`, following Node's single-executable steps. */
async function buildExecutable(outfile: string): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'floorfill-bridge-sea-'));
  try {
    // A single executable runs its script as CommonJS.
    const main = path.join(scratch, 'bridge.cjs');
    await build({ ...bundleOptions, outfile: main, format: 'cjs' });
    const blob = path.join(scratch, 'bridge.blob');
    const config = path.join(scratch, 'sea-config.json');
    await writeFile(
      config,
      JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true }),
    );
    await run(process.execPath, ['--experimental-sea-config', config]);
    await copyFile(process.execPath, outfile);
    const macos = process.platform === 'darwin';
    // macOS refuses a binary whose signature no longer matches: unsign, inject, sign again.
    if (macos) await run('codesign', ['--remove-signature', outfile]);
    await inject(outfile, 'NODE_SEA_BLOB', await readFile(blob), {
      sentinelFuse: SEA_FUSE,
      ...(macos ? { machoSegmentName: 'NODE_SEA' } : {}),
    });
    if (macos) await run('codesign', ['--sign', '-', outfile]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The bundle at `outfile`; with `executable`, the single executable and its listing beside it. */
export async function buildBridge(
  outfile = path.join(REPO_ROOT, BRIDGE_DOWNLOAD),
  { executable = true }: { executable?: boolean } = {},
): Promise<void> {
  try {
    // The source file's own `#!/usr/bin/env node` line is kept by esbuild.
    await build({ ...bundleOptions, outfile, format: 'esm' });
    if (!executable) return;
    const folder = path.dirname(outfile);
    const name = `floorfill-bridge-${process.platform}-${process.arch}`;
    const file = process.platform === 'win32' ? `${name}.exe` : name;
    await buildExecutable(path.join(folder, file));
    const built: BridgeExecutable[] = [{ os: process.platform, arch: process.arch, file }];
    await writeFile(path.join(folder, 'executables.json'), `${JSON.stringify(built)}\n`);
  } finally {
    // esbuild's service process would otherwise live as long as the caller.
    await stop();
  }
}

if (import.meta.main) await buildBridge();
