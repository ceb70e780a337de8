/**
 * `npm start`'s first step: rebuild `web/dist`, `server/dist` and the bridge's download only when
 * what they are built from has changed since their last build, so starting
 * the app again costs a check (a fraction of a second), not a build (seconds).
 *
 *   node scripts/build-if-stale.ts            # every target npm start needs
 *   node scripts/build-if-stale.ts web        # one of them
 *
 * A target is current when the SHA-256 of its inputs (every file's path and
 * content, in path order) equals the hash written into its output folder
 * after its last successful build. Content, not modification times: a `git
 * checkout` or `git stash pop` gives unchanged content new mtimes (a needless
 * rebuild), and switching branches can leave a build made from other
 * sources newer than every checked-out file (a stale app served as current).
 * Hashing the ~4 MB of sources takes milliseconds.
 *
 * The hash lives inside the output folder, so anything that replaces the
 * output (`npm run build`, Vite's emptyOutDir, the server build's clean)
 * also drops the hash, and the next start builds again rather than trusting
 * output it did not see being made.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const HASH_FILE = '.build-inputs.sha256';

interface BuildTarget {
  /** The workspace whose `build` script makes the output. */
  workspace: string;
  /** The folder the build writes, relative to the repository root. */
  outDir: string;
  /** Files and folders the build reads, relative to the repository root. */
  inputs: readonly string[];
}

/** What both builds read besides their own sources: the shared contracts and the installed packages. */
const COMMON_INPUTS = [
  'shared/src',
  'shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
] as const;

const BUILD_TARGETS = {
  web: {
    workspace: 'web',
    outDir: 'web/dist',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/build-plugins',
      'web/postcss.config.cjs',
      'web/tsconfig.json',
      'web/package.json',
      ...COMMON_INPUTS,
    ],
  },
  server: {
    workspace: 'server',
    outDir: 'server/dist',
    inputs: [
      'server/src',
      'server/build.ts',
      'server/tsconfig.json',
      'server/package.json',
      'migrations',
      ...COMMON_INPUTS,
    ],
  },
  /** The bridge DJs download from the booth: inside the web app's output, so built after it. */
  bridge: {
    workspace: 'bridge',
    outDir: 'web/dist/downloads',
    inputs: [
      'bridge/src',
      'bridge/build.ts',
      'bridge/tsconfig.json',
      'bridge/package.json',
      ...COMMON_INPUTS,
    ],
  },
} as const satisfies Record<string, BuildTarget>;

type BuildTargetName = keyof typeof BUILD_TARGETS;

const isTargetName = (name: string): name is BuildTargetName => Object.hasOwn(BUILD_TARGETS, name);

/** Every file under `relative` (a file or a folder), relative to the root; installed packages left out. */
function filesUnder(relative: string): string[] {
  const absolute = path.join(REPO_ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

function inputsHash(target: BuildTarget): string {
  const files = target.inputs.flatMap(filesUnder).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Paths with forward slashes, so a checkout hashes alike on every OS.
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(REPO_ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const hashPath = (target: BuildTarget) => path.join(REPO_ROOT, target.outDir, HASH_FILE);

function builtHash(target: BuildTarget): string | undefined {
  const file = hashPath(target);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * `npm run build -w <workspace>` with the npm that runs us when there is one (npm start), else the one on PATH.
 * Always a production build, whatever NODE_ENV the caller has: the hash does not cover the environment, so a
 * development build (React's development code, half as heavy again) would be kept and served as current.
 */
function runBuild(workspace: string): void {
  const npmCli = process.env.npm_execpath;
  const args = ['run', 'build', '-w', workspace];
  const options = {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  } as const;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], options)
    : spawnSync('npm', args, { ...options, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    throw new Error(`npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Builds the target unless its output was built from exactly these inputs, and says which it did. */
function buildIfStale(name: BuildTargetName): void {
  const target = BUILD_TARGETS[name];
  // Hashed before building: an edit made during the build makes the next start build again.
  const hash = inputsHash(target);
  if (builtHash(target) === hash) {
    console.log(`${target.outDir} is current; not rebuilding`);
    return;
  }
  console.log(`${target.outDir} is missing or was built from other sources; building it`);
  runBuild(target.workspace);
  writeFileSync(hashPath(target), `${hash}\n`);
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !isTargetName(name));
if (unknown.length > 0) {
  console.error(
    `unknown build target ${unknown.join(', ')}; known: ${Object.keys(BUILD_TARGETS).join(', ')}`,
  );
  process.exit(2);
}
const names =
  requested.length > 0
    ? requested.filter(isTargetName)
    : Object.keys(BUILD_TARGETS).filter(isTargetName);
try {
  for (const name of names) buildIfStale(name);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
