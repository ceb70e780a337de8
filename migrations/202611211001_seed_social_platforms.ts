import type { Kysely } from 'kysely';

/**
 * The platforms a profile can link to. `icon_slug` names a simple-icons icon
 * (served at /api/social-icons/<slug>.svg); 'website' is our own link icon,
 * for personal sites and for networks simple-icons does not carry (LinkedIn).
 * Ids are fixed: saved social links point at them.
 */
const PLATFORMS = [
  { id: 1, name: 'Instagram', icon_slug: 'instagram' },
  { id: 2, name: 'Facebook', icon_slug: 'facebook' },
  { id: 3, name: 'X', icon_slug: 'x' },
  { id: 4, name: 'TikTok', icon_slug: 'tiktok' },
  { id: 5, name: 'YouTube', icon_slug: 'youtube' },
  { id: 6, name: 'SoundCloud', icon_slug: 'soundcloud' },
  { id: 7, name: 'Spotify', icon_slug: 'spotify' },
  { id: 8, name: 'Mixcloud', icon_slug: 'mixcloud' },
  { id: 9, name: 'Apple Music', icon_slug: 'applemusic' },
  { id: 10, name: 'Beatport', icon_slug: 'beatport' },
  { id: 11, name: 'Bandcamp', icon_slug: 'bandcamp' },
  { id: 12, name: 'Twitch', icon_slug: 'twitch' },
  { id: 13, name: 'Snapchat', icon_slug: 'snapchat' },
  { id: 14, name: 'Threads', icon_slug: 'threads' },
  { id: 15, name: 'Discord', icon_slug: 'discord' },
  { id: 16, name: 'WhatsApp', icon_slug: 'whatsapp' },
  { id: 17, name: 'Telegram', icon_slug: 'telegram' },
  { id: 18, name: 'Website', icon_slug: 'website' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('social_platforms')
    .values(PLATFORMS.map((platform, index) => ({ ...platform, sort_order: (index + 1) * 10 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('social_platforms')
    .where(
      'id',
      'in',
      PLATFORMS.map((platform) => platform.id),
    )
    .execute();
}
