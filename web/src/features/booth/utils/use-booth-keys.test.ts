import { describe, expect, it } from 'vitest';
import { boothCommand } from './use-booth-keys';

function press(key: string, target: HTMLElement = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return boothCommand(event);
}

describe('the booth keys', () => {
  it('maps one key to each action', () => {
    expect(press('ArrowDown')).toBe('move');
    expect(press('ArrowUp')).toBe('move');
    expect(press('Enter')).toBe('play');
    expect(press('p')).toBe('played');
    expect(press('l')).toBe('later');
    expect(press('r')).toBe('reject');
    expect(press('z')).toBe('undo');
    expect(press('Z')).toBe('undo');
    expect(press('/')).toBe('search');
    expect(press('x')).toBeNull();
  });

  it('does nothing while typing in a field', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    for (const key of ['p', 'l', 'r', 'z', '/', 'Enter', 'ArrowDown']) {
      expect(press(key, input)).toBeNull();
      expect(press(key, area)).toBeNull();
    }
  });

  it('leaves Enter to a focused button, which presses it', () => {
    const button = document.createElement('button');
    expect(press('Enter', button)).toBeNull();
    expect(press('p', button)).toBe('played');
  });

  it('ignores keys pressed with a modifier (the browser’s own shortcuts)', () => {
    expect(press('r', document.body, { ctrlKey: true })).toBeNull();
    expect(press('z', document.body, { metaKey: true })).toBeNull();
    expect(press('l', document.body, { altKey: true })).toBeNull();
  });
});
