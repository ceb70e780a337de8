import type { SessionUser, UserDetails } from '@floorfill/shared';

/** The signed-in user as the top bar shows it, refreshed from a just-saved profile. */
export function sessionUserWithProfile(user: SessionUser, saved: UserDetails): SessionUser {
  return {
    ...user,
    name: saved.name,
    display_name: saved.display_name,
    profile_image_path: saved.profile_image_path,
    cover_photo_path: saved.cover_photo_path,
    default_login: saved.private?.default_login ?? user.default_login,
  };
}

/** What the downloaded QR image of a profile is called (the server names it the same). */
export function profileQrFileName(userId: number): string {
  return `floorfill-profile-${userId}.png`;
}
