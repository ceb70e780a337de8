import { GUEST_NAME_MAX } from '@floorfill/shared';

/** The first name a guest gave once, offered again on the next event's landing on this device. */
const GUEST_NAME_KEY = 'floorfill.guest-name';

export function rememberedGuestName(): string {
  try {
    return (localStorage.getItem(GUEST_NAME_KEY) ?? '').slice(0, GUEST_NAME_MAX);
  } catch {
    return '';
  }
}

export function rememberGuestName(name: string): void {
  try {
    if (name) localStorage.setItem(GUEST_NAME_KEY, name);
    else localStorage.removeItem(GUEST_NAME_KEY);
  } catch {
    // Private windows may refuse storage; the name is then simply not offered next time.
  }
}
