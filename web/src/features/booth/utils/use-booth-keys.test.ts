import { describe, expect, it } from 'vitest';
import { boothCommand, releaseFocus } from './use-booth-keys';

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
    expect(press('p')).toBe('finish');
    expect(press('P')).toBe('finish');
    expect(press('l')).toBe('later');
    expect(press('r')).toBe('reject');
    expect(press('z')).toBe('undo');
    expect(press('Z')).toBe('undo');
    expect(press('/')).toBe('search');
    expect(press('Escape')).toBe('release');
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

  it('leaves Enter to a control reached with the keyboard, which presses it', () => {
    const button = document.createElement('button');
    const tab = document.createElement('div');
    tab.setAttribute('role', 'tab');
    tab.tabIndex = 0;
    document.body.append(button, tab);
    for (const control of [button, tab]) {
      control.focus();
      expect(press('Enter', control)).toBeNull();
      // Every other key is the booth's, whatever holds the focus.
      expect(press('p', control)).toBe('finish');
      expect(press('l', control)).toBe('later');
      expect(press('Escape', control)).toBe('release');
    }
    button.remove();
    tab.remove();
  });

  it('plays on Enter when a control holds the focus only from a click (no focus ring)', () => {
    const tab = document.createElement('div');
    tab.setAttribute('role', 'tab');
    // Not focused, so it does not match :focus-visible, as a clicked control in a browser.
    expect(press('Enter', tab)).toBe('play');
  });

  it('Esc lets go of the focus, so the keys reach the booth again', () => {
    const tab = document.createElement('button');
    document.body.append(tab);
    tab.focus();
    expect(document.activeElement).toBe(tab);
    releaseFocus();
    expect(document.activeElement).toBe(document.body);
    tab.remove();
  });

  it('leaves every key to a dialog open over the booth (Enter there is no Play)', () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    const cancel = document.createElement('button');
    dialog.append(cancel);
    document.body.append(dialog);
    for (const key of ['Enter', 'p', 'l', 'r', 'z', 'ArrowDown', 'Escape']) {
      expect(press(key, cancel)).toBeNull();
    }
    dialog.remove();
  });

  it('ignores keys pressed with a modifier (the browser’s own shortcuts)', () => {
    expect(press('r', document.body, { ctrlKey: true })).toBeNull();
    expect(press('z', document.body, { metaKey: true })).toBeNull();
    expect(press('l', document.body, { altKey: true })).toBeNull();
  });
});
