import { useEffect, useEffectEvent } from 'react';

/** What the booth's keys do; each one key, no modifier. */
export interface BoothKeyHandlers {
  move: (step: 1 | -1) => void;
  play: () => void;
  played: () => void;
  later: () => void;
  reject: () => void;
  undo: () => void;
  search: () => void;
}

/** Fields that take typing: keys typed there are text, never commands. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.matches('input, textarea, select, [role="combobox"], [role="textbox"]');
}

/** Controls that act on Enter themselves (a focused button, link or tab). */
function actsOnEnter(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.matches('button, a[href], [role="tab"], summary');
}

/** The command a key press means in the booth, or null. */
export function boothCommand(event: KeyboardEvent): keyof BoothKeyHandlers | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTextEntry(event.target)) return null;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      return 'move';
    case 'Enter':
      return actsOnEnter(event.target) ? null : 'play';
    case 'p':
    case 'P':
      return 'played';
    case 'l':
    case 'L':
      return 'later';
    case 'r':
    case 'R':
      return 'reject';
    case 'z':
    case 'Z':
      return 'undo';
    case '/':
      return 'search';
    default:
      return null;
  }
}

/**
 * The booth's keyboard: ↑/↓ select, Enter play, p played, l later, r reject,
 * z undo, / search. Keys typed into a field are left alone, and so is Enter
 * on a focused button, which presses that button.
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
