import type { UserDetails } from '@floorfill/shared';

/** The name a profile shows: its display name, or the full name when none is set. */
export function shownNameOf(details: Pick<UserDetails, 'display_name' | 'name'>): string {
  return details.display_name?.trim() || details.name;
}

/** "JD" for "Jane Doe": the avatar's fallback. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => word?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

export function reviewCountText(count: number): string {
  return count === 1 ? '(1 review)' : `(${count} reviews)`;
}
