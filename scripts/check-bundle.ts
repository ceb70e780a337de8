/**
 * The guest's pages stay light (issue 15): what the event landing
 * (`/e/<code>`) and the guest's event page load before their first paint
 * must weigh at most 120 KB of gzipped JavaScript. Reads the build that
 * `npm run build -w web` left in `web/dist` (it builds nothing itself) and
 * fails when that is past the target.
 *
 *   node scripts/check-bundle.ts
 *
 * Before the first paint a page loads its HTML and the entry script with
 * everything that imports statically (the modulepreload graph Vite writes
 * into index.html); the app then draws its frame and fetches the rest. Both
 * guest pages share that first paint (one index.html). Beside it, each page's
 * whole weight is printed: the first paint plus the lazy chunks it fetches
 * before its content shows (the session question, the signed-in frame, the
 * screen), so a screen that grows is seen too. Sizes are each file gzipped
 * at level 9, as the build's `.gz` copies are. Stylesheets are listed beside
 * the figures; the target is for JavaScript.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import {
  ENTRY,
  filesOf,
  GUEST_PAGES,
  readViteManifest,
  staticClosure,
  type ViteManifest,
} from '../web/build-plugins/guest-pages.ts';

const DIST = path.resolve(import.meta.dirname, '../web/dist');
const TARGET_KB = 120;

const gzipSizes = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    const content = readFileSync(path.join(DIST, file));
    size = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface Weight {
  js: number;
  css: number;
  files: number;
}

function weigh(manifest: ViteManifest, keys: Iterable<string>): Weight {
  const weight: Weight = { js: 0, css: 0, files: 0 };
  for (const file of filesOf(manifest, keys)) {
    if (file.endsWith('.css')) weight.css += gzipBytes(file);
    else weight.js += gzipBytes(file);
    weight.files += 1;
  }
  return weight;
}

function main(): boolean {
  const manifest = readViteManifest(DIST);
  const html = gzipBytes('index.html');
  const entryKeys = staticClosure(manifest, ENTRY);
  const firstPaint = weigh(manifest, entryKeys);
  const total = html + firstPaint.js;
  const ok = total <= TARGET_KB * 1000;

  console.log(
    `Guest pages, gzipped: HTML + JavaScript before the first paint (target ≤ ${TARGET_KB} KB)`,
  );
  console.log(
    `  ${ok ? 'ok  ' : 'MISS'} ${GUEST_PAGES.map((page) => page.name).join(' and ')}: ` +
      `${kb(total)} KB / ${TARGET_KB} KB (HTML ${kb(html)} + JS ${kb(firstPaint.js)}, ` +
      `${firstPaint.files} files); CSS ${kb(firstPaint.css)} KB`,
  );
  for (const page of GUEST_PAGES) {
    const keys = new Set(entryKeys);
    for (const chunk of page.chunks) staticClosure(manifest, chunk, keys);
    const whole = weigh(manifest, keys);
    console.log(
      `       ${page.name}, until its content shows: ${kb(html + whole.js)} KB JS+HTML ` +
        `(${whole.files} files); CSS ${kb(whole.css)} KB`,
    );
  }
  return ok;
}

try {
  process.exitCode = main() ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
