import { sql } from 'kysely';
import type { SocialLinkValue } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';

/** All SQL of member profiles, social links and the platform list. */

const profileColumns = [
  'id',
  'name',
  'display_name',
  'email',
  'phone',
  'bio',
  'date_of_birth',
  'gender',
  'address',
  'zip',
  'city',
  'state',
  'country',
  'default_login',
  'profile_image_path',
  'cover_photo_path',
  'social_links',
  'rating_sum',
  'rating_count',
  'stripe_account_status',
  'stripe_account_id',
  'stripe_account_is_demo',
] as const;

/** A member's profile row; guests have no profile (undefined, like a missing user). */
export async function findMemberProfile(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(profileColumns)
    .where('id', '=', userId)
    .where('is_guest', '=', false)
    .executeTakeFirst();
}

export async function memberExists(db: DbOrTrx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_guest', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findMemberProfile>>>;

/** The profile row locked for a write (its image paths are about to be replaced). */
export async function lockMemberProfile(trx: DbOrTrx, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'profile_image_path', 'cover_photo_path'])
    .where('id', '=', userId)
    .where('is_guest', '=', false)
    .forUpdate()
    .executeTakeFirst();
}

export interface ProfileFields {
  display_name: string;
  name: string;
  bio: string | null;
  date_of_birth: string | null;
  gender: 'male' | 'female' | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  default_login?: 2 | 3;
  profile_image_path?: string;
  cover_photo_path?: string;
}

export async function updateProfile(
  trx: DbOrTrx,
  userId: number,
  fields: ProfileFields,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function updateSocialLinks(
  trx: DbOrTrx,
  userId: number,
  links: SocialLinkValue[],
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ social_links: JSON.stringify(links), updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The host card an event shows. */
export async function findHostCard(db: DbOrTrx, hostId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'display_name',
      'bio',
      'profile_image_path',
      'cover_photo_path',
      'rating_sum',
      'rating_count',
      'stripe_account_id',
      'stripe_account_status',
      'stripe_account_is_demo',
    ])
    .where('id', '=', hostId)
    .executeTakeFirst();
}

/**
 * Has this attendee rated this host — at one event when `eventId` is given
 * (ratings are one per attendee, host and event), at all otherwise (profiles).
 */
export async function hasRatedHost(
  db: DbOrTrx,
  hostId: number,
  attendeeId: number,
  eventId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('ratings')
    .select('id')
    .where('host_id', '=', hostId)
    .where('attendee_id', '=', attendeeId);
  if (eventId !== undefined) query = query.where('event_id', '=', eventId);
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function listSocialPlatforms(db: DbOrTrx) {
  return db
    .selectFrom('social_platforms')
    .select(['id', 'name', 'icon_slug'])
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export type SocialPlatformRow = Awaited<ReturnType<typeof listSocialPlatforms>>[number];
