import {
  PROFILE_MSG,
  PROFILE_UPCOMING_EVENTS,
  type EventHost,
  type SocialLink,
  type SocialPlatform,
  type UpdateProfileBody,
  type UpdateSocialLinksBody,
  type UserDetails,
} from '@floorfill/shared';
import type { Config } from '../config.ts';
import { ValidationError } from '../http/errors.ts';
import type { SocialLinkValue } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { publicEventView, type EventsService } from '../events/events.service.ts';
import { acceptsTips } from '../payments/tip-recipient.ts';
import * as repo from './profiles.repository.ts';
import type { SocialPlatformRow } from './profiles.repository.ts';
import { createProfileLinkKeys } from './profile-link.ts';
import { socialIconColor, socialIconPath } from './social-icons.ts';

/** Profile rules: who sees what, how links are cleaned, what an update may change. */

/** The average of a host's ratings to one decimal, or 0 without ratings. */
export function ratingOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

/** The QR image of a profile's link; with `key`, of the link that carries it. */
export function profileQrPath(userId: number, key?: string): string {
  const path = `/api/qr/profiles/${userId}.png`;
  return key ? `${path}?${new URLSearchParams({ k: key }).toString()}` : path;
}

/** A stored profile as every view of it starts: who the member is and their pictures. */
interface ProfileFaceRow {
  id: number;
  name: string;
  display_name: string | null;
  bio: string | null;
  profile_image_path: string | null;
  cover_photo_path: string | null;
}

function faceOf(row: ProfileFaceRow): ProfileFaceRow {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    bio: row.bio,
    profile_image_path: row.profile_image_path,
    cover_photo_path: row.cover_photo_path,
  };
}

function toPlatform(row: SocialPlatformRow): SocialPlatform {
  return {
    id: row.id,
    name: row.name,
    logo: socialIconPath(row.icon_slug),
    color: socialIconColor(row.icon_slug),
  };
}

/** Stored links with their platform's name and logo; a link whose platform is gone is left out. */
function resolveLinks(
  values: readonly SocialLinkValue[],
  platforms: readonly SocialPlatformRow[],
): SocialLink[] {
  const byId = new Map(platforms.map((platform) => [platform.id, platform]));
  return values.flatMap((value) => {
    const platform = byId.get(value.social_id);
    if (!platform) return [];
    return [
      {
        id: value.id,
        social_id: value.social_id,
        link: value.link,
        name: platform.name,
        logo: socialIconPath(platform.icon_slug),
      },
    ];
  });
}

export interface ProfileImagePaths {
  profile_image_path?: string;
  cover_photo_path?: string;
}

/** A member's public face: what anyone may see of them, signed in or not. */
export interface PublicFace {
  id: number;
  name: string;
  bio: string | null;
  profile_image_path: string | null;
  cover_photo_path: string | null;
  rating: number;
  total_review: number;
  social_links: { name: string; link: string; logo: string }[];
}

export function createProfilesService(
  config: Pick<Config, 'publicUrl' | 'payments' | 'jwtSecret'>,
  events: EventsService,
) {
  const linkKeys = createProfileLinkKeys(config.jwtSecret);
  /**
   * The link a profile is shared by: its public page. The owner's own carries
   * the link key (see profile-link.ts); anyone else's, the id alone.
   */
  const profileUrl = (userId: number, withKey = false) => {
    const url = `${config.publicUrl}/h/${userId}`;
    return withKey
      ? `${url}?${new URLSearchParams({ k: linkKeys.keyOf(userId) }).toString()}`
      : url;
  };

  return {
    profileUrl,

    /** `key` is the one this profile's own link carries. */
    holdsLinkKey(userId: number, key: string): boolean {
      return linkKeys.holds(userId, key);
    },

    /** A member's public face (null for guests and unknown ids): never contact, payout or private fields. */
    async publicFace(db: DbOrTrx, userId: number): Promise<PublicFace | null> {
      const row = await repo.findMemberProfile(db, userId);
      if (!row) return null;
      const platforms = await repo.listSocialPlatforms(db);
      return {
        id: row.id,
        name: row.display_name?.trim() || row.name,
        bio: row.bio,
        profile_image_path: row.profile_image_path,
        cover_photo_path: row.cover_photo_path,
        rating: ratingOf(row.rating_sum, row.rating_count),
        total_review: row.rating_count,
        social_links: resolveLinks(row.social_links, platforms).map(({ name, link, logo }) => ({
          name,
          link,
          logo,
        })),
      };
    },

    /** A member (not a guest) with this id exists. */
    exists(db: DbOrTrx, userId: number): Promise<boolean> {
      return repo.memberExists(db, userId);
    },

    async platforms(db: DbOrTrx): Promise<SocialPlatform[]> {
      return (await repo.listSocialPlatforms(db)).map(toPlatform);
    },

    /** The host card of an event. */
    async hostCard(db: DbOrTrx, hostId: number): Promise<EventHost | null> {
      const row = await repo.findHostCard(db, hostId);
      if (!row) return null;
      return {
        ...faceOf(row),
        rating: ratingOf(row.rating_sum, row.rating_count),
        total_review: row.rating_count,
        accepts_tips: acceptsTips(row, config.payments.mode),
      };
    },

    /** A member's profile as the viewer may see it (private fields only for oneself); null for guests and unknown ids. */
    async details(db: DbOrTrx, viewerId: number, userId: number): Promise<UserDetails | null> {
      const row = await repo.findMemberProfile(db, userId);
      if (!row) return null;
      const isSelf = viewerId === userId;
      const platforms = await repo.listSocialPlatforms(db);
      const details: UserDetails = {
        ...faceOf(row),
        social_links: resolveLinks(row.social_links, platforms),
        rating: ratingOf(row.rating_sum, row.rating_count),
        total_review: row.rating_count,
        is_rated: isSelf ? false : await repo.hasRatedHost(db, userId, viewerId),
        accepts_tips: acceptsTips(row, config.payments.mode),
        // The owner shares a link (and QR) whose page offers their events' codes; others, the id's.
        url: profileUrl(row.id, isSelf),
        qrcode_path: profileQrPath(row.id, isSelf ? linkKeys.keyOf(row.id) : undefined),
        qrcode_base_path: config.publicUrl,
        // Others see each event as its poster would: no join code, no street address.
        upcoming_events: (await events.upcoming(db, row.id, PROFILE_UPCOMING_EVENTS)).map(
          (event) => (isSelf ? event : publicEventView(event)),
        ),
      };
      if (isSelf) {
        details.private = {
          email: row.email,
          phone: row.phone,
          date_of_birth: row.date_of_birth,
          gender: row.gender,
          address: row.address,
          zip: row.zip,
          city: row.city,
          state: row.state,
          country: row.country,
          default_login: row.default_login,
          stripe_account_status: row.stripe_account_status,
        };
      }
      return details;
    },

    /**
     * Saves the editable profile fields (never email or phone) and any new
     * images; answers the image paths it replaced, to remove once committed.
     * Null when the member does not exist.
     */
    async update(
      trx: DbOrTrx,
      userId: number,
      body: UpdateProfileBody,
      images: ProfileImagePaths,
    ): Promise<{ replaced: string[] } | null> {
      const current = await repo.lockMemberProfile(trx, userId);
      if (!current) return null;
      await repo.updateProfile(trx, userId, {
        display_name: body.display_name,
        name: body.name,
        bio: body.bio,
        date_of_birth: body.date_of_birth ?? null,
        gender: body.gender ?? null,
        address: body.address,
        zip: body.zip,
        city: body.city,
        state: body.state,
        country: body.country,
        ...(body.default_login === undefined ? {} : { default_login: body.default_login }),
        ...images,
      });
      const replaced: string[] = [];
      if (images.profile_image_path && current.profile_image_path)
        replaced.push(current.profile_image_path);
      if (images.cover_photo_path && current.cover_photo_path)
        replaced.push(current.cover_photo_path);
      return { replaced };
    },

    /**
     * Keeps the rows with a link, checks each names a known platform, numbers
     * them 1..n and stores them as one JSON value. Errors name the row as sent.
     */
    async saveSocialLinks(
      trx: DbOrTrx,
      userId: number,
      input: UpdateSocialLinksBody['social_links'],
    ): Promise<SocialLink[]> {
      const platforms = await repo.listSocialPlatforms(trx);
      const known = new Set(platforms.map((platform) => platform.id));
      const errors: Record<string, string[]> = {};
      const kept: SocialLinkValue[] = [];
      input.forEach((row, index) => {
        if (row.link === '') return;
        if (!known.has(row.social_id)) {
          errors[`social_links.${index}.social_id`] = [PROFILE_MSG.unknownPlatform];
          return;
        }
        kept.push({ id: kept.length + 1, social_id: row.social_id, link: row.link });
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await repo.updateSocialLinks(trx, userId, kept);
      return resolveLinks(kept, platforms);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
