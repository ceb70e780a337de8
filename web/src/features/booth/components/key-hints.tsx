import { Group, Kbd, Text } from '@mantine/core';
import classes from './booth.module.css';

/** What each key does, in the words of the action it takes. */
export const BOOTH_KEYS: readonly (readonly [key: string, what: string])[] = [
  ['↑ ↓', 'select a song'],
  ['Enter', 'play the selected song'],
  ['P', 'finish the song playing'],
  ['L', 'selected: later'],
  ['R', 'selected: reject'],
  ['A', 'selected: allow held words'],
  ['Z', 'undo'],
  ['/', 'search'],
  ['Esc', 'keys back to the booth'],
];

/** The booth's keys, under the queue. */
export function KeyHints() {
  return (
    <Group gap="lg" className={classes.keys} aria-label="Keyboard shortcuts" role="note">
      {BOOTH_KEYS.map(([key, what]) => (
        <Text key={key} className={classes.keyHint}>
          <Kbd>{key}</Kbd> {what}
        </Text>
      ))}
    </Group>
  );
}
