import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from './upload-store.ts';

/** One year: every stored name is a new uuid, so a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored uploads at /uploads/ from DATA_DIR/uploads. Only files this
 * server wrote (re-encoded WebP under uuid names) live there; no listing, no
 * index, no dotfiles.
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const root = path.join(app.ctx.config.dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    etag: false,
    lastModified: false,
    allowedPath: (pathName) => pathName.endsWith('.webp'),
    setHeaders: (res) => {
      res.header('cache-control', IMMUTABLE);
    },
  });
}
