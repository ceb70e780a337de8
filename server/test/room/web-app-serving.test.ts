import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const COLOR_SCHEME_SCRIPT = `try{document.documentElement.setAttribute('data-mantine-color-scheme','dark')}catch(e){}`;

/**
 * A build as `npm run build -w web` leaves it: hashed assets with their .br
 * and .gz copies, the inline colour-scheme script, the service worker and
 * the web app manifest, and Vite's own manifest under .vite/.
 */
function writeWebBuild(dir: string) {
  const script = `console.log(${JSON.stringify('floorfill '.repeat(300))});`;
  const page = `<!doctype html><html><head><script>${COLOR_SCHEME_SCRIPT}</script><title>Floorfill</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    '{"index.html":{"file":"assets/index-Ab12Cd34.js"}}',
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Floorfill', start_url: '/', display: 'standalone' }),
  );
  const files = { 'assets/index-Ab12Cd34.js': script, 'index.html': page };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /e/\nDisallow: /api/\n');
  return { script, page };
}

describe('serving the web app', () => {
  let t: TestApp;
  let distDir: string;
  let build: { script: string; page: string };

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'floorfill-dist-'));
    build = writeWebBuild(distDir);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.script);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(build.script);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page path with index.html (and its answers), compressed and revalidated each time', async () => {
    for (const url of ['/', '/e/K7WQ2M', '/attendee/event/3?qr=y&code=K7WQ2M']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The page with the answers it asks first inside it (test/room/page-answers.test.ts).
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(
        html.replace(/<script type="application\/json" id="ff-page-answers">[^<]*<\/script>/, ''),
      ).toBe(build.page);
    }
  });

  it('serves a real robots.txt as text, not the app', async () => {
    const res = await get('/robots.txt', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as a script that is revalidated on every load, never kept', async () => {
    const res = await get('/sw.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Floorfill', display: 'standalone' });
  });

  it("allows the worker, the manifest and index.html's inline script by its hash, nothing more", async () => {
    const hash = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    for (const [url, encoding] of [
      ['/e/K7WQ2M', 'br, gzip'],
      ['/e/K7WQ2M', 'gzip'],
      ['/e/K7WQ2M', undefined],
      ['/', 'br'],
      ['/index.html', undefined],
    ] as const) {
      const csp = String((await get(url, encoding)).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp.split(';')).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }

    // Other answers keep the app-wide policy: their pages have no such script.
    const api = await get('/api/openapi.json');
    expect(String(api.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  });

  it('answers a missing hashed asset 404, not with the page (a worker would keep it as the script)', async () => {
    const res = await get('/assets/index-Gone1234.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^text\/html/);
  });

  it("does not serve the build's own manifest under .vite/", async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.statusCode).toBe(404);
  });

  it('keeps API misses as API 404s, not pages', async () => {
    const res = await get('/api/v1/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
