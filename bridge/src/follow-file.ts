import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface FollowOptions {
  /** How often the file is looked at; a grown file is read from where the last read ended. */
  intervalMs?: number;
  /** Read what the file already holds (history files), or only what is written from now on. */
  fromStart: boolean;
  /** Bytes written since the last look, in order; `restarted` when a new or rewritten file began. */
  onBytes(bytes: Buffer, restarted: boolean): void;
  onError?(error: unknown): void;
}

export interface Follower {
  /** Settles once the file has been looked at the first time. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 250;

/**
 * Follows a file as it grows, by looking at it every `intervalMs` (a stat,
 * and a read only when it grew): the DJ software's history and session files
 * are appended to, on every system, and polling sees that the same way
 * everywhere. A file that shrinks was rewritten and is read again from its
 * start. `pick` names the file on each look, so a folder's newest session can
 * take over from the last.
 */
export function followFile(
  pick: () => Promise<string | null>,
  { intervalMs = DEFAULT_INTERVAL_MS, fromStart, onBytes, onError }: FollowOptions,
): Follower {
  let current: string | null = null;
  let offset = 0;
  let first = true;
  /** A new or rewritten file began since the last bytes were handed on. */
  let restarted = false;
  let closed = false;
  let looking: Promise<void> = Promise.resolve();

  async function look(): Promise<void> {
    const file = await pick();
    if (!file) return;
    const { size } = await stat(file);
    if (file !== current) {
      // The first file seen is read from its start only for history; a later one is new.
      offset = first && !fromStart ? size : 0;
      current = file;
      restarted = true;
    } else if (size < offset) {
      offset = 0;
      restarted = true;
    }
    first = false;
    if (size <= offset) return;
    const handle = await open(file, 'r');
    try {
      const bytes = Buffer.alloc(size - offset);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
      if (bytesRead === 0) return;
      offset += bytesRead;
      onBytes(bytes.subarray(0, bytesRead), restarted);
      restarted = false;
    } finally {
      await handle.close();
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      looking = look()
        .catch((error: unknown) => onError?.(error))
        .finally(schedule);
    }, intervalMs);
  }

  let timer: NodeJS.Timeout | undefined;
  looking = look()
    .catch((error: unknown) => onError?.(error))
    .finally(schedule);
  const ready = looking;

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      await looking;
    },
  };
}

/** One file, always the same path (it may not exist yet). */
export function theFile(file: string): () => Promise<string | null> {
  return async () => {
    try {
      await stat(file);
      return file;
    } catch {
      return null;
    }
  };
}

/** The most recently written file in `folder` whose name ends with one of `endings`. */
export function newestIn(folder: string, endings: string[]): () => Promise<string | null> {
  return async () => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return null;
    }
    let newest: { file: string; mtime: number } | null = null;
    for (const name of names) {
      if (!endings.some((ending) => name.toLowerCase().endsWith(ending))) continue;
      const file = path.join(folder, name);
      const { mtimeMs } = await stat(file);
      if (!newest || mtimeMs > newest.mtime) newest = { file, mtime: mtimeMs };
    }
    return newest?.file ?? null;
  };
}
