import {
  siApplemusic,
  siBandcamp,
  siBeatport,
  siDiscord,
  siFacebook,
  siInstagram,
  siMixcloud,
  siSnapchat,
  siSoundcloud,
  siSpotify,
  siTelegram,
  siThreads,
  siTiktok,
  siTwitch,
  siWhatsapp,
  siX,
  siYoutube,
} from 'simple-icons';

/**
 * Logos of the social platforms (the slugs seeded in social_platforms), from
 * simple-icons, served with their brand colour as fill. simple-icons carries
 * brands only: 'website' is our own plain globe, used for personal sites and
 * for networks the package does not carry (it has no LinkedIn).
 */

interface SocialIcon {
  title: string;
  /** Brand colour without '#'. */
  hex: string;
  svg: string;
}

const WEBSITE_ICON: SocialIcon = {
  title: 'Website',
  hex: '6B7280',
  svg:
    '<svg role="img" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><title>Website</title>' +
    '<g fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="10"/>' +
    '<ellipse cx="12" cy="12" rx="4.5" ry="10"/><path d="M2 12h20"/></g></svg>',
};

const ICONS: ReadonlyMap<string, SocialIcon> = new Map<string, SocialIcon>(
  [
    siInstagram,
    siFacebook,
    siX,
    siTiktok,
    siYoutube,
    siSoundcloud,
    siSpotify,
    siMixcloud,
    siApplemusic,
    siBeatport,
    siBandcamp,
    siTwitch,
    siSnapchat,
    siThreads,
    siDiscord,
    siWhatsapp,
    siTelegram,
  ]
    .map((icon): [string, SocialIcon] => [icon.slug, icon])
    .concat([['website', WEBSITE_ICON]]),
);

export function socialIconPath(slug: string): string {
  return `/api/social-icons/${slug}.svg`;
}

/** '#RRGGBB', or a neutral grey for a slug without an icon. */
export function socialIconColor(slug: string): string {
  return `#${ICONS.get(slug)?.hex ?? WEBSITE_ICON.hex}`;
}

/** The SVG drawn in its brand colour, or undefined for a slug we do not serve. */
export function socialIconSvg(slug: string): string | undefined {
  const icon = ICONS.get(slug);
  if (!icon) return undefined;
  const fill = `#${icon.hex}`;
  // simple-icons paths draw in the fill colour; our own icon strokes in currentColor.
  return icon.svg.replace('<svg ', `<svg fill="${fill}" color="${fill}" `);
}
