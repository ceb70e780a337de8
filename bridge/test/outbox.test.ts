import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bridgeTrackId, type BridgeTrack } from '@floorfill/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox, type SendResult } from '../src/outbox.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'floorfill-outbox-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

function track(title: string, minute: number): BridgeTrack {
  const startedAt = new Date(Date.UTC(2026, 10, 28, 23, minute));
  return {
    id: bridgeTrackId({ source: 'serato', deck: '1', startedAt, artist: 'Artist', title }),
    title,
    artist: 'Artist',
    started_at: startedAt.toISOString(),
    deck: '1',
    source: 'serato',
  };
}

describe('the bridge outbox', () => {
  it('sends in the order the tracks started, and after a network loss resends the rest in order', async () => {
    const file = path.join(folder, 'outbox.jsonl');
    const sent: string[] = [];
    let online = false;
    const outbox = await openOutbox({
      file,
      firstRetryMs: 5,
      send: async (report) => {
        if (!online) return 'later';
        sent.push(report.title);
        return 'sent';
      },
    });
    await outbox.add(track('One', 1));
    await outbox.add(track('Two', 5));
    await outbox.add(track('Three', 9));
    expect(outbox.pending()).toBe(3);
    online = true;
    await outbox.drained();
    expect(sent).toEqual(['One', 'Two', 'Three']);
    expect(readFileSync(file, 'utf8')).toBe('');
    await outbox.close();
  });

  it('keeps what the server has not taken across a restart of the bridge, with the same ids', async () => {
    const file = path.join(folder, 'outbox.jsonl');
    const first = await openOutbox({ file, firstRetryMs: 60_000, send: async () => 'later' });
    await first.add(track('Kept', 1));
    await first.add(track('Kept too', 2));
    await first.close();

    const ids: string[] = [];
    const second = await openOutbox({
      file,
      send: async (report) => {
        ids.push(report.id);
        return 'sent';
      },
    });
    await second.drained();
    expect(ids).toEqual([track('Kept', 1).id, track('Kept too', 2).id]);
    await second.close();
  });

  it('drops a report the server refuses and stops at a revoked key', async () => {
    const file = path.join(folder, 'outbox.jsonl');
    const answers: SendResult[] = ['refused', 'sent', 'revoked'];
    const dropped: string[] = [];
    const outbox = await openOutbox({
      file,
      send: async () => answers.shift() ?? 'sent',
      onDropped: (report, result) => dropped.push(`${report.title}:${result}`),
    });
    await outbox.add(track('Bad', 1));
    await outbox.add(track('Good', 2));
    await outbox.add(track('After revoke', 3));
    await outbox.add(track('Never', 4));
    await expect
      .poll(() => dropped, { timeout: 10_000 })
      .toEqual(['Bad:refused', 'After revoke:revoked']);
    expect(outbox.pending()).toBe(2);
    await outbox.close();
  });

  it('reads past a line cut by a crash while it was written', async () => {
    const file = path.join(folder, 'outbox.jsonl');
    const whole = JSON.stringify(track('Whole', 1));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `${whole}\n{"id":"ab`);
    const titles: string[] = [];
    const outbox = await openOutbox({
      file,
      send: async (report) => {
        titles.push(report.title);
        return 'sent';
      },
    });
    await outbox.drained();
    await outbox.add(track('Next', 2));
    await outbox.drained();
    expect(titles).toEqual(['Whole', 'Next']);
    await outbox.close();
  });
});
