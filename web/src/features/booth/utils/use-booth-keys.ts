import { useEffect, useEffectEvent } from 'react';

/** What the booth's keys do; each one key, no modifier. */
export interface BoothKeyHandlers {
  move: (step: 1 | -1) => void;
  /** Enter: the selected song starts playing (the one playing before becomes played). */
  play: () => void;
  /** P: the song playing now is finished (played); the selection is not touched. */
  finish: () => void;
  later: () => void;
  reject: () => void;
  /** A: the selected song's held words are shown to the room. */
  allow: () => void;
  undo: () => void;
  search: () => void;
  /** Esc: whatever control holds the focus lets go of it, so every key is the booth's again. */
  release: () => void;
}

/** Fields that take typing: keys typed there are text, never commands. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.matches('input, textarea, select, [role="combobox"], [role="textbox"]');
}

/** Keys pressed in a dialog (a confirm over the booth) are the dialog's: Enter there is no Play. */
function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * A control someone reached with the keyboard (Tab), which Enter presses
 * itself. A control that holds the focus only because it was clicked shows
 * no focus ring (`:focus-visible` is false) and leaves Enter to the booth.
 */
function keyboardFocusedControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.matches('button, a[href], [role="tab"], summary') &&
    target.matches(':focus-visible')
  );
}

/** The command a key press means in the booth, or null. */
export function boothCommand(event: KeyboardEvent): keyof BoothKeyHandlers | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTextEntry(event.target) || isInDialog(event.target)) return null;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      return 'move';
    case 'Enter':
      return keyboardFocusedControl(event.target) ? null : 'play';
    case 'p':
    case 'P':
      return 'finish';
    case 'l':
    case 'L':
      return 'later';
    case 'r':
    case 'R':
      return 'reject';
    case 'a':
    case 'A':
      return 'allow';
    case 'z':
    case 'Z':
      return 'undo';
    case '/':
      return 'search';
    case 'Escape':
      return 'release';
    default:
      return null;
  }
}

/** Lets go of the focus, wherever it is, so the booth's keys reach the booth. */
export function releaseFocus(): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body) focused.blur();
}

/**
 * The booth's keyboard: ↑/↓ select, Enter play the selected song, P finish
 * the song playing, L later, R reject, A allow held words, Z undo, / search, Esc let go of the
 * focus. The keys work whatever holds the focus, except while typing in a
 * field or answering a dialog, and except Enter on a control reached with
 * Tab, which presses it.
 */
export function useBoothKeys(handlers: BoothKeyHandlers, enabled = true): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const command = boothCommand(event);
    if (!command) return;
    event.preventDefault();
    if (command === 'move') handlers.move(event.key === 'ArrowDown' ? 1 : -1);
    else handlers[command]();
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
