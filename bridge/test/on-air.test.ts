import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOnAirRule } from '../src/on-air.ts';
import type { TrackStarted } from '../src/track.ts';

const START = new Date('2026-11-28T22:00:00Z');
const one = { artist: 'Daft Punk', title: 'One More Time' };
const two = { artist: 'Robyn', title: 'Dancing On My Own' };

describe('loaded is not playing', () => {
  let started: TrackStarted[];
  let rule: ReturnType<typeof createOnAirRule>;

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    started = [];
    rule = createOnAirRule({
      playSeconds: 30,
      since: START,
      source: 'serato',
      onStarted: (track) => started.push(track),
    });
  });
  afterEach(() => {
    rule.close();
    vi.useRealTimers();
  });

  const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

  it('counts a track once its deck has played it for the set time, from when it began', () => {
    rule.push({ kind: 'loaded', deck: '1', track: one, at: at(0) });
    vi.advanceTimersByTime(120_000);
    expect(started).toEqual([]);
    rule.push({ kind: 'playing', deck: '1', track: one, at: new Date(Date.now()) });
    vi.advanceTimersByTime(29_999);
    expect(started).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual([{ ...one, startedAt: at(120), deck: '1', source: 'serato' }]);
  });

  it('never counts a preview: played for less than the set time, then stopped or replaced', () => {
    rule.push({ kind: 'playing', deck: '1', track: one, at: at(0) });
    vi.advanceTimersByTime(10_000);
    rule.push({ kind: 'stopped', deck: '1', at: at(10) });
    rule.push({ kind: 'playing', deck: '2', track: one, at: at(10) });
    vi.advanceTimersByTime(5_000);
    rule.push({ kind: 'loaded', deck: '2', track: two, at: at(15) });
    vi.advanceTimersByTime(60_000);
    expect(started).toEqual([]);
  });

  it('follows each deck on its own', () => {
    rule.push({ kind: 'playing', deck: '1', track: one, at: at(0) });
    vi.advanceTimersByTime(20_000);
    rule.push({ kind: 'playing', deck: '2', track: two, at: at(20) });
    vi.advanceTimersByTime(10_000);
    expect(started.map((track) => track.title)).toEqual([one.title]);
    vi.advanceTimersByTime(20_000);
    expect(started.map((track) => track.title)).toEqual([one.title, two.title]);
  });

  it('counts what the source says is on air at once, and each start only once', () => {
    rule.push({ kind: 'on-air', deck: null, track: two, at: at(0) });
    rule.push({ kind: 'on-air', deck: null, track: two, at: at(0) });
    expect(started).toEqual([{ ...two, startedAt: at(0), deck: null, source: 'serato' }]);
    // The same song started again later is a new start.
    rule.push({ kind: 'on-air', deck: null, track: two, at: at(400) });
    expect(started).toHaveLength(2);
    // What was on air before the bridge started is history.
    rule.push({ kind: 'on-air', deck: null, track: one, at: at(-1) });
    expect(started).toHaveLength(2);
  });

  it('reads finished plays from history by how long they played, and leaves those before it started', () => {
    rule.push({ kind: 'playing', deck: '1', track: one, at: at(-600), until: at(-300) });
    rule.push({ kind: 'playing', deck: '1', track: two, at: at(-20), until: at(-5) });
    rule.push({ kind: 'playing', deck: '2', track: two, at: at(-100), until: at(5) });
    expect(started).toEqual([{ ...two, startedAt: at(-100), deck: '2', source: 'serato' }]);
  });

  it('counts a track already playing for long enough when the bridge starts', () => {
    rule.push({ kind: 'playing', deck: '1', track: one, at: at(-45) });
    expect(started).toEqual([{ ...one, startedAt: at(-45), deck: '1', source: 'serato' }]);
  });
});
