import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_RULES, type ImageKind } from './images.ts';

/** URL prefix of stored uploads; the same path under DATA_DIR holds the files. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Only names this store made can be removed through it. */
const STORED_PATH = /^\/uploads\/([a-z-]+)\/([0-9a-f-]{36})\.webp$/;

export interface UploadStore {
  /** Folder the files live in (served at /uploads/). */
  readonly root: string;
  /** Stores a prepared WebP under a new unique name; answers its URL path. */
  save(kind: ImageKind, webp: Buffer): Promise<string>;
  /** Removes a file this store made; anything else, or a file already gone, is ignored. */
  remove(urlPath: string | null | undefined): Promise<void>;
}

/**
 * Local-disk storage under DATA_DIR/uploads. A file is written under a
 * temporary name and renamed into place, so a reader never sees half a file
 * and a crash leaves at most a stray .tmp, never a broken image.
 */
export function createUploadStore(dataDir: string, log: FastifyBaseLogger): UploadStore {
  const root = path.join(dataDir, 'uploads');
  const knownFolders = new Set(Object.values(IMAGE_RULES).map((rule) => rule.folder));

  return {
    root,

    async save(kind, webp) {
      const folder = IMAGE_RULES[kind].folder;
      const name = `${randomUUID()}.webp`;
      const directory = path.join(root, folder);
      await mkdir(directory, { recursive: true });
      const finalPath = path.join(directory, name);
      const temporaryPath = `${finalPath}.${process.pid}.tmp`;
      try {
        await writeFile(temporaryPath, webp, { flag: 'wx' });
        await rename(temporaryPath, finalPath);
      } catch (error) {
        await rm(temporaryPath, { force: true });
        throw error;
      }
      return `${UPLOADS_URL_PREFIX}${folder}/${name}`;
    },

    async remove(urlPath) {
      if (!urlPath) return;
      const match = STORED_PATH.exec(urlPath);
      if (!match?.[1] || !knownFolders.has(match[1])) return;
      try {
        await rm(path.join(root, match[1], `${match[2]}.webp`), { force: true });
      } catch (error) {
        // A file left behind costs disk space, not correctness: never fail the request for it.
        log.warn({ err: error, urlPath }, 'could not remove a replaced upload');
      }
    },
  };
}

/**
 * Runs the database work that will point at freshly stored files; if it
 * fails, the files go, so no upload outlives a rolled-back write.
 */
export async function withStoredUploads<T>(
  store: UploadStore,
  storedPaths: ReadonlyArray<string | null | undefined>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.all(storedPaths.map((storedPath) => store.remove(storedPath)));
    throw error;
  }
}
