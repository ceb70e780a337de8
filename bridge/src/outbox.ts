import { randomBytes } from 'node:crypto';
import { open, readFile, rename } from 'node:fs/promises';
import { bridgeTrackSchema, type BridgeTrack } from '@floorfill/shared';

/**
 * What became of one report: `sent` (or already known: the id makes a
 * resend harmless), `later` (no network, the server busy: try again),
 * `refused` (the server will never take this one: dropped, said), `revoked`
 * (the bridge's key no longer works: nothing more is sent).
 */
export type SendResult = 'sent' | 'later' | 'refused' | 'revoked';

export interface OutboxOptions {
  /** Where the reports wait, one JSON line each, until the server has them. */
  file: string;
  send(track: BridgeTrack): Promise<SendResult>;
  onDropped?(track: BridgeTrack, result: 'refused' | 'revoked'): void;
  /** The wait after a failed send, doubled on each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

async function writeDurably(file: string, text: string, flag: 'a' | 'w'): Promise<void> {
  const handle = await open(file, flag);
  try {
    await handle.writeFile(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function readQueue(file: string): Promise<BridgeTrack[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const queue: BridgeTrack[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = bridgeTrackSchema.safeParse(JSON.parse(line));
      // A line cut by a crash while it was written is not a report.
      if (parsed.success) queue.push(parsed.data);
    } catch {
      // As above: a cut line.
    }
  }
  return queue;
}

/**
 * The bridge's outbox: a track start is written to disk (flushed) before
 * it is sent, and sent in the order the tracks started, one at a time, until
 * the server has it; after a network loss or a restart of the bridge the
 * rest go out in order. A report leaves the file only once the server has
 * answered for it.
 */
export async function openOutbox({
  file,
  send,
  onDropped,
  firstRetryMs = 1000,
  maxRetryMs = 30_000,
}: OutboxOptions) {
  const queue = await readQueue(file);
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  let stopped = false;
  let idle: Array<() => void> = [];

  async function rewrite(): Promise<void> {
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeDurably(temporary, queue.map((track) => `${JSON.stringify(track)}\n`).join(''), 'w');
    await rename(temporary, file);
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopped) {
      const next = queue[0]!;
      const result = await send(next).catch((): SendResult => 'later');
      if (result === 'later') {
        timer = setTimeout(kick, retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        return;
      }
      retryMs = firstRetryMs;
      if (result === 'revoked') {
        stopped = true;
        onDropped?.(next, result);
        return;
      }
      if (result === 'refused') onDropped?.(next, result);
      queue.shift();
      await rewrite();
    }
    for (const resolve of idle.splice(0)) resolve();
  }

  function kick(): void {
    clearTimeout(timer);
    if (draining || stopped) return;
    draining = drain().finally(() => {
      draining = null;
    });
  }

  // The file is written again from what was read, so a line cut by a crash cannot join the next one.
  await rewrite();
  kick();
  return {
    /** Keeps a track start on disk, then sends it after those before it. */
    async add(track: BridgeTrack): Promise<void> {
      await writeDurably(file, `${JSON.stringify(track)}\n`, 'a');
      queue.push(track);
      kick();
    },
    /** Reports not yet taken by the server. */
    pending: () => queue.length,
    /** Settles when every report so far has been answered for. */
    drained: () =>
      queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)),
    async close(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await draining;
      idle = [];
    },
  };
}

export type Outbox = Awaited<ReturnType<typeof openOutbox>>;
