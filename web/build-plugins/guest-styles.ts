import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { guestPageFiles, readViteManifest, type ViteManifest } from './guest-pages';

/** Mantine names each component's CSS classes `m_` and eight hex digits, in its code and its stylesheet alike. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

function mantineClassesIn(text: string): Set<string> {
  return new Set(text.match(MANTINE_CLASS) ?? []);
}

/**
 * The Mantine classes each script of the guest's pages uses that none of
 * their stylesheets defines, by script (none: every component they can draw
 * is styled).
 */
export function unstyledGuestClasses(
  manifest: ViteManifest,
  distDir: string,
): Map<string, string[]> {
  const files = [...guestPageFiles(manifest)];
  const read = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
  const styled = new Set(
    files
      .filter((file) => file.endsWith('.css'))
      .flatMap((file) => [...mantineClassesIn(read(file))]),
  );
  const unstyled = new Map<string, string[]>();
  for (const script of files.filter((file) => file.endsWith('.js'))) {
    const missing = [...mantineClassesIn(read(script))].filter((name) => !styled.has(name));
    if (missing.length > 0) unstyled.set(script, missing);
  }
  return unstyled;
}

/**
 * The guest's pages (the event landing, the event page and what they open)
 * load only the first paint's stylesheet (src/app/styles/shell.css), never
 * Mantine's whole one: the build fails when their code can draw a Mantine
 * component that stylesheet leaves out, which would show unstyled.
 */
export function guestStyles(): Plugin {
  let outDir = '';
  return {
    name: 'floorfill:guest-styles',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const unstyled = unstyledGuestClasses(readViteManifest(outDir), outDir);
      if (unstyled.size === 0) return;
      const list = [...unstyled].map(([script, names]) => `  ${script}: ${names.join(', ')}`);
      throw new Error(
        `Guest pages draw Mantine components their stylesheet leaves out; add each one's ` +
          `stylesheet to src/app/styles/shell.css:\n${list.join('\n')}`,
      );
    },
  };
}
