/**
 * Draws the installed app's icons (web/public/icons) from the wordmark's
 * equaliser bars: 192 and 512 px, and a 512 px maskable one whose bars sit
 * inside the middle 80% that every launcher's mask keeps. Run again after
 * changing the mark; the PNGs are committed.
 *
 *   npx tsx web/scripts/make-app-icons.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '../public/icons');
const VIOLET = '#5b21b6';
const PINK = '#f0abfc';

/** The four bars on a 32-unit grid, as in favicon.svg. */
const BARS = `
  <rect x="7" y="16" width="3" height="9" rx="1.5" fill="#fff"/>
  <rect x="12.5" y="9" width="3" height="16" rx="1.5" fill="#fff"/>
  <rect x="18" y="12" width="3" height="13" rx="1.5" fill="${PINK}"/>
  <rect x="23.5" y="7" width="3" height="18" rx="1.5" fill="#fff"/>`;

/** The plain icon: a rounded violet tile, as the favicon. */
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${VIOLET}"/>${BARS}</svg>`;

/** Maskable: violet to every edge, the bars shrunk to 70% around the centre. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${VIOLET}"/>
  <g transform="translate(16 16) scale(0.7) translate(-16 -16)">${BARS}</g></svg>`;

async function draw(svg: string, size: number, name: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT_DIR, name));
  process.stdout.write(`wrote ${name}\n`);
}

mkdirSync(OUT_DIR, { recursive: true });
await draw(plain, 192, 'icon-192.png');
await draw(plain, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
// iOS rounds the corners itself and paints transparent ones black: the full-bleed tile.
await draw(maskable, 180, 'apple-touch-icon.png');
