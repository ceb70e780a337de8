import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guestJoinForm } from './guest-join-form.ts';
import { pageParts, withPageParts } from './page-answers.ts';
import { loadPageRenderer } from './page-render.ts';

/**
 * Serving the built web app (`web/dist`) from the same origin as the API,
 * light with nothing in front of it.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Hashed build output: a new build writes new names, so a copy may be kept for a year. */
const HASHED_DIR = '/assets/';
/** Paths the server answers itself; never the app's page. */
const SERVER_PATHS = ['/api/', '/uploads/'];

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources (`'sha256-…'`) of index.html's inline scripts: the one that
 * sets the colour scheme before the first paint (web/build-plugins/
 * color-scheme-script.ts). Scripts are otherwise allowed only from this
 * origin, so each inline one is allowed by its exact content, read from the
 * build the server is about to serve.
 */
function inlineScriptSources(indexHtml: string): string[] {
  const html = readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** The page in the encoding the browser prefers (brotli, gzip), made per answer: it carries the visitor's answers. */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, policy: unknown) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  if (typeof policy === 'string') reply.header('content-security-policy', policy);
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** The policy with `sources` added to its `script-src` (helmet writes `a;b;c`). */
function allowScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .map((directive) =>
      directive.startsWith('script-src ') ? `${directive} ${sources.join(' ')}` : directive,
    )
    .join(';');
}

/**
 * The build's brotli or gzip copy when the browser takes it (with `Vary:
 * Accept-Encoding`); hashed assets cached for a year; every other file (the
 * service worker `sw.js`, the web app manifest, index.html) revalidated on
 * each use, so a new version reaches everyone on their next load. Any other
 * page path answers index.html with the answers the page would ask for
 * first inside it (http/page-answers.ts), compressed as it is sent. A missing hashed asset is a 404, not the
 * page: the service worker must never keep a page under a script's name.
 * index.html alone has its inline script allowed; every other answer keeps
 * the app-wide policy.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn({ distDir }, 'web app not built: serving the API only (run `npm run build`)');
    return;
  }
  const pageScripts = inlineScriptSources(indexHtml);
  const page = readFileSync(indexHtml, 'utf8');
  const renderer = await loadPageRenderer(distDir, app.log);
  await app.register(guestJoinForm);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    dotfiles: 'ignore',
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(distDir, HASHED_DIR));
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      const policy = res.getHeader('content-security-policy');
      // The page as it is sent: index.html itself, or its brotli or gzip copy.
      const page = filePath.replace(/\.(?:br|gz)$/, '') === indexHtml;
      if (page && typeof policy === 'string') {
        res.header('content-security-policy', allowScripts(policy, pageScripts));
      }
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (SERVER_PATHS.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    // The build's own bookkeeping (.vite/manifest.json) is not part of the app.
    if (pathname.split('/').some((segment) => segment.startsWith('.'))) {
      return reply.callNotFound();
    }
    const asset = path.join(distDir, pathname);
    if (asset.startsWith(distDir) && path.extname(pathname) && existsSync(asset)) {
      return reply.sendFile(pathname.slice(1));
    }
    if (pathname.startsWith(HASHED_DIR)) return reply.callNotFound();
    // An event's own link (its QR) leaves the browser a pass for that code (events/event-pass.ts).
    app.services.events.passes.issueFromLink(request, reply);
    // The page with the answers it would ask for first (http/page-answers.ts). One that
    // carries the visitor's own data is never kept; the others are revalidated each time.
    const parts = await pageParts(app, request, renderer);
    const policy = reply.getHeader('content-security-policy');
    reply.header('cache-control', parts.personal ? 'private, no-store' : 'no-cache');
    return sendPage(
      request,
      reply,
      withPageParts(page, parts),
      typeof policy === 'string' ? allowScripts(policy, pageScripts) : undefined,
    );
  });
}
