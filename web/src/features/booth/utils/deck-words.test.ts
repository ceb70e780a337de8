import { describe, expect, it } from 'vitest';
import { BRIDGE_SILENT_AFTER_MS, bridgeKeyStatus, bridgeCommand, formatAgo } from './deck-words';

const NOW = Date.parse('2026-11-21T21:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('the words of the decks panel', () => {
  it('says how long ago in seconds, minutes, then hours', () => {
    expect(formatAgo(12_400)).toBe('12 s');
    expect(formatAgo(59_999)).toBe('59 s');
    expect(formatAgo(60_000)).toBe('1 min');
    expect(formatAgo(3 * 3_600_000 + 5 * 60_000)).toBe('3 h');
    expect(formatAgo(-5)).toBe('0 s');
  });

  it('calls a paired bridge connected until it has been silent for two check-ins', () => {
    const paired = { paired_at: ago(3_600_000), pairing_expires_at: null };
    expect(bridgeKeyStatus({ ...paired, last_seen_at: ago(30_000) }, NOW)).toEqual({
      state: 'connected',
      words: 'Connected · seen 30 s ago',
    });
    expect(bridgeKeyStatus({ ...paired, last_seen_at: ago(BRIDGE_SILENT_AFTER_MS) }, NOW)).toEqual({
      state: 'silent',
      words: 'Not seen for 2 min',
    });
  });

  it('tells a key waiting for its code from one whose code expired unused', () => {
    const unpaired = { paired_at: null, last_seen_at: null };
    expect(bridgeKeyStatus({ ...unpaired, pairing_expires_at: ago(-60_000) }, NOW).state).toBe(
      'waiting',
    );
    expect(bridgeKeyStatus({ ...unpaired, pairing_expires_at: ago(0) }, NOW).state).toBe('expired');
  });

  it('writes the one command that pairs and starts the bridge', () => {
    expect(bridgeCommand('https://floorfill.example', 'K7QM-3XWD', 'mixxx')).toBe(
      'node floorfill-bridge.mjs --server https://floorfill.example --pair K7QM-3XWD --source mixxx',
    );
  });
});
