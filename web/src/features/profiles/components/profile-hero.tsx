import type { UserDetails } from '@floorfill/shared';
import { Avatar, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { initialsOf, reviewCountText, shownNameOf } from '../utils/profile-text';
import classes from './profile.module.css';

function ProfileCover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.cover}>
      {src && !failed ? (
        <img src={src} alt="" className={classes.coverImage} onError={() => setFailed(true)} />
      ) : null}
    </div>
  );
}

interface RatingSummaryProps {
  rating: number;
  totalReview: number;
}

/** Stars for the eye, one sentence for screen readers. */
export function RatingSummary({ rating, totalReview }: RatingSummaryProps) {
  const shown = rating.toFixed(1);
  return (
    <Group
      gap={8}
      wrap="nowrap"
      role="img"
      aria-label={`Rated ${shown} out of 5 ${reviewCountText(totalReview)}`}
    >
      <Rating value={rating} fractions={10} readOnly size="sm" />
      <Text size="sm" fw={700}>
        {shown}
      </Text>
      <Text size="sm" c="dimmed">
        {reviewCountText(totalReview)}
      </Text>
    </Group>
  );
}

interface ProfileHeroProps {
  details: UserDetails;
  showRating?: boolean;
  /** Buttons beside the name (edit, share, view-as, rate, tip). */
  actions?: ReactNode;
}

/** Cover, avatar, the page's h1 (the display name) and the rating. */
export function ProfileHero({ details, showRating = true, actions }: ProfileHeroProps) {
  const name = shownNameOf(details);
  return (
    <Paper
      withBorder
      radius="lg"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-label="Profile"
    >
      <ProfileCover key={details.cover_photo_path ?? 'none'} src={details.cover_photo_path} />
      <div className={classes.identity}>
        <Avatar
          src={details.profile_image_path}
          alt={`Profile image of ${name}`}
          radius={999}
          color="brand"
          variant="filled"
          className={classes.avatar}
        >
          {initialsOf(name)}
        </Avatar>
        <Stack gap={6} className={classes.names}>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {showRating ? (
            <RatingSummary rating={details.rating} totalReview={details.total_review} />
          ) : null}
        </Stack>
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </div>
    </Paper>
  );
}
