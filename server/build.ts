/**
 * The production build of the server: `npm run build -w server` (and the root
 * `npm run build`, after the web app) bundles each entry point into
 * `server/dist/<name>.js`, which production runs with plain `node`:
 *
 *   node --enable-source-maps server/dist/main.js      the app node
 *   node --enable-source-maps server/dist/worker.js    the job worker
 *   node --enable-source-maps server/dist/migrate.js   the one-shot migration
 *
 * esbuild bundles the server's own code, the migrations and the workspace
 * package @floorfill/shared (consumed from TypeScript source, which Node does
 * not load from node_modules); every other package stays an import of
 * node_modules, installed with `npm ci --omit=dev`. The bundles sit two
 * folders below the repository root, as server/src/*.ts do, so paths the
 * code resolves from `import.meta.dirname` (config.ts's defaults) land where
 * they did. The files migrations read at run time (the catalog seed) are
 * copied next to the bundles, where the bundled migration looks for them.
 * docs/decisions.md says why esbuild and not tsc.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, stop, type Plugin } from 'esbuild';

const SERVER_DIR = import.meta.dirname;
const REPO_ROOT = path.dirname(SERVER_DIR);

/** Output name → source entry, relative to the repository root. */
export const SERVER_ENTRY_POINTS = {
  main: 'server/src/main.ts',
  worker: 'server/src/cli/worker.ts',
  migrate: 'server/src/cli/migrate.ts',
} as const;

export type ServerEntryName = keyof typeof SERVER_ENTRY_POINTS;

/** Where the build goes, relative to the repository root. */
export const SERVER_DIST_DIR = 'server/dist';

/** The built file of an entry, relative to the repository root (`server/dist/main.js`). */
export function builtEntry(name: ServerEntryName): string {
  return `${SERVER_DIST_DIR}/${name}.js`;
}

/**
 * Files the migrations read with readFileSync beside themselves
 * (`import.meta.dirname/data/…`): copied from → to, relative to the
 * repository root.
 */
export const MIGRATION_DATA = { from: 'migrations/data', to: `${SERVER_DIST_DIR}/data` };

/** Workspace packages are TypeScript source: bundled. Every other package stays external. */
const WORKSPACE_SCOPE = '@floorfill/';

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Build into `outdir` (the repository's server/dist unless told otherwise), replacing what was there. */
export async function buildServer(outdir = path.join(REPO_ROOT, SERVER_DIST_DIR)): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  try {
    await build({
      entryPoints: Object.fromEntries(
        Object.entries(SERVER_ENTRY_POINTS).map(([name, entry]) => [
          name,
          path.join(REPO_ROOT, entry),
        ]),
      ),
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      sourcemap: true,
      // Bundling renames clashing identifiers; classes and functions keep their names (errors in logs).
      keepNames: true,
      tsconfig: path.join(SERVER_DIR, 'tsconfig.json'),
      plugins: [externalPackages],
      logLevel: 'warning',
    });
  } finally {
    // esbuild's service process would otherwise live as long as the caller (a test worker, say).
    await stop();
  }
  cpSync(
    path.join(REPO_ROOT, MIGRATION_DATA.from),
    path.join(outdir, path.relative(SERVER_DIST_DIR, MIGRATION_DATA.to)),
    { recursive: true },
  );
}

if (import.meta.main) await buildServer();
