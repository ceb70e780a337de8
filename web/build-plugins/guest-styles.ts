import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  ENTRY,
  filesOf,
  guestPageFiles,
  readViteManifest,
  staticClosure,
  type ViteManifest,
} from './guest-pages';

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

const mantineStyles = path.dirname(
  createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css'),
);

/** Mantine's own stylesheet, whose order of components the first paint's must keep. */
function mantineStylesheet(): string {
  return readFileSync(path.join(mantineStyles, 'styles.layer.css'), 'utf8');
}

/** The component stylesheet of Mantine's that defines class `name` (`Button.layer.css`). */
function mantineFileOf(name: string): string {
  const dir = path.join(mantineStyles, 'styles');
  const file = readdirSync(dir).find(
    (entry) =>
      entry.endsWith('.layer.css') &&
      readFileSync(path.join(dir, entry), 'utf8').includes(`.${name}`),
  );
  return file ?? name;
}

/**
 * The first pair of Mantine classes the first paint's stylesheet puts in
 * another order than Mantine's own does (null when it keeps that order): a
 * component's rules must come after those of the components it builds on, or
 * theirs win over its own (an UnstyledButton's after a Button's unstyle it).
 */
export function firstStyleOutOfOrder(
  manifest: ViteManifest,
  distDir: string,
  mantineCss: string,
): [string, string] | null {
  const stylesheets = [...filesOf(manifest, staticClosure(manifest, ENTRY))].filter((file) =>
    file.endsWith('.css'),
  );
  const css = stylesheets.map((file) => readFileSync(path.join(distDir, file), 'utf8')).join('');
  let previous: { name: string; at: number } | null = null;
  for (const name of mantineClassesIn(css)) {
    const at = mantineCss.indexOf(`.${name}`);
    if (at < 0) continue;
    if (previous && at < previous.at) return [previous.name, name];
    previous = { name, at };
  }
  return null;
}

/**
 * The guest's pages (the event landing, the event page and what they open)
 * load only the first paint's stylesheet (src/app/styles/shell.css), never
 * Mantine's whole one: the build fails when their code can draw a Mantine
 * component that stylesheet leaves out, or when it puts components in
 * another order than Mantine's, either of which would show unstyled.
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
      const manifest = readViteManifest(outDir);
      const unstyled = unstyledGuestClasses(manifest, outDir);
      if (unstyled.size > 0) {
        const list = [...unstyled].map(([script, names]) => `  ${script}: ${names.join(', ')}`);
        throw new Error(
          `Guest pages draw Mantine components their stylesheet leaves out; add each one's ` +
            `stylesheet to src/app/styles/shell.css:\n${list.join('\n')}`,
        );
      }
      const outOfOrder = firstStyleOutOfOrder(manifest, outDir, mantineStylesheet());
      if (outOfOrder) {
        const [before, after] = outOfOrder.map(mantineFileOf);
        throw new Error(
          `src/app/styles/shell.css imports ${before} before ${after}, which Mantine's own ` +
            `stylesheet puts first: keep its imports in Mantine's order.`,
        );
      }
    },
  };
}
