import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The live queue is the only code that writes an event's queue (requests,
 * entries, attendance, the counters) or emits its pushes: one write path,
 * one transaction, one seq, one push per change. Another module that did
 * either would slip past the counters or the seq. This scans the server's
 * source for such writes and pushes outside `server/src/live-queue/`.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const HOME = `live-queue${path.sep}`;

const QUEUE_TABLES = '(song_requests|queue_entries|event_attendees|rejected_songs)';
const RULES: Array<{ what: string; pattern: RegExp }> = [
  {
    what: 'a Kysely write to a queue table',
    pattern: new RegExp(`(insertInto|updateTable|deleteFrom)\\(\\s*'${QUEUE_TABLES}'`),
  },
  {
    what: 'an SQL write to a queue table',
    pattern: new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${QUEUE_TABLES}\\b`, 'i'),
  },
  {
    what: "a write to the event's counters",
    pattern: /\b(joined_count|request_count)\s*[:=]\s*sql/,
  },
  {
    // An emit naming a queue push (reading one, as the reconnect log's fold does, is no push).
    what: 'a queue push',
    pattern:
      /\b(toEvent|toEventHost|toUser|toEventCoalesced|emit)\([^)]*'(request:upserted|request:removed|request:played|request:rejected|event:now-playing|event:stats|attendee:joined|attendee:left)'/,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function offences(file: string, text: string): string[] {
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => `${file}: ${rule.what}`);
}

describe('the live queue owns its writes and pushes', () => {
  it('finds each kind of offence in a sample (the scan can fail)', () => {
    const samples = [
      "db.insertInto('song_requests').values(row)",
      'sql`delete from event_attendees where user_id = ${id}`',
      'set({ request_count: sql`request_count + 1` })',
      "realtime.toEvent(id, 'event:stats', push)",
      "io.to(room).emit(\n  'request:played',\n  push,\n)",
      "case 'request:upserted':",
    ];
    expect(samples.map((text) => offences('sample.ts', text).length)).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('no module outside server/src/live-queue writes the queue or emits its pushes', () => {
    const found = sourceFiles(SRC)
      .filter((file) => !path.relative(SRC, file).startsWith(HOME))
      .flatMap((file) => offences(path.relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the live queue itself is found by the scan (it is where the writes live)', () => {
    const home = sourceFiles(path.join(SRC, 'live-queue')).flatMap((file) =>
      offences(file, readFileSync(file, 'utf8')),
    );
    expect(home.length).toBeGreaterThan(0);
  });
});
