import '@mantine/carousel/styles.css';
import { CAROUSEL_AUTOPLAY_MS, type EventSummary } from '@floorfill/shared';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useState, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { ProfileEventCard } from '@/features/profiles';
import classes from './joined-events-carousel.module.css';

/**
 * Cards per view (spec §9): above 1200 px four, 768–1199 three, 577–767 two,
 * below that one. Mantine's breakpoints sit at 576, 768, 992 and 1200 px.
 */
export const SLIDE_SIZE = { base: '100%', xs: '50%', sm: '33.3333%', lg: '25%' } as const;

type PlayChoice = 'auto' | 'play' | 'pause';

/**
 * The dashboard's joined events: autoplay every 3 s, looping, one card per
 * step (spec §9). It pauses while the pointer or keyboard focus is inside, for
 * people who asked for reduced motion, and with its Pause button (WCAG 2.2.2).
 */
export function JoinedEventsCarousel({
  events,
  header,
}: {
  events: EventSummary[];
  /** The section's heading, sharing a row with the Pause button. */
  header: ReactNode;
}) {
  const reducedMotion = useReducedMotion();
  const [autoplay] = useState(() =>
    Autoplay({
      delay: CAROUSEL_AUTOPLAY_MS,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [choice, setChoice] = useState<PlayChoice>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  // Steps the carousel can take at this width: with all cards in view there is nothing to play.
  const [snaps, setSnaps] = useState(0);

  const wantsPlay = choice === 'auto' ? !reducedMotion : choice === 'play';
  const canPlay = embla !== null && snaps > 1;
  const playing = canPlay && wantsPlay && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    const count = () => setSnaps(embla.scrollSnapList().length);
    embla.on('init', count).on('reInit', count);
    return () => {
      embla.off('init', count).off('reInit', count);
    };
  }, [embla]);

  useEffect(() => {
    // The plugin sets itself up only when there are steps to take; before that it must not be asked.
    if (!canPlay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [autoplay, canPlay, playing]);

  return (
    <div
      className={playing ? classes.playing : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Group justify="space-between" mb="sm" mih={34}>
        {header}
        {canPlay ? (
          <Tooltip label={wantsPlay ? 'Pause slideshow' : 'Play slideshow'}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setChoice(wantsPlay ? 'pause' : 'play')}
              aria-label={wantsPlay ? 'Pause slideshow' : 'Play slideshow'}
            >
              {wantsPlay ? (
                <IconPlayerPauseFilled size={16} aria-hidden="true" />
              ) : (
                <IconPlayerPlayFilled size={16} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Carousel
        aria-label="Joined events"
        slideSize={SLIDE_SIZE}
        slideGap="md"
        emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
        plugins={[autoplay]}
        getEmblaApi={(api) => {
          setEmbla(api);
          setSnaps(api.scrollSnapList().length);
        }}
        withControls={snaps > 1}
        controlSize={36}
        classNames={{ control: classes.control }}
        previousControlProps={{ 'aria-label': 'Previous events' }}
        nextControlProps={{ 'aria-label': 'Next events' }}
      >
        {events.map((event, index) => (
          <Carousel.Slide
            key={event.id}
            className={classes.slide}
            aria-label={`${index + 1} of ${events.length}: ${event.name}`}
          >
            <ProfileEventCard event={event} href={paths.attendee.eventDetails.getHref(event.id)} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </div>
  );
}
