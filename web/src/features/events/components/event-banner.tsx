import { Image, type ImageProps } from '@mantine/core';
import defaultBanner from '@/assets/default-event-banner.svg';

interface EventBannerProps extends Omit<ImageProps, 'src' | 'alt'> {
  path: string | null;
  name: string;
}

/** An event's banner, or the house image when it has none (spec §2). */
export function EventBanner({ path, name, ...props }: EventBannerProps) {
  return (
    <Image
      src={path ?? defaultBanner}
      fallbackSrc={defaultBanner}
      alt={path ? `Banner of ${name}` : ''}
      fit="cover"
      {...props}
    />
  );
}
