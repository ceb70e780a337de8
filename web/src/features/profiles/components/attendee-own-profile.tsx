import type { EventSummary, UserDetails } from '@floorfill/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BioCard } from './bio-card';
import { OwnProfileActions } from './own-profile-actions';
import { OwnSocialLinks } from './own-social-links';
import { ProfileEventsSection } from './profile-events-section';
import { ProfileHero } from './profile-hero';
import { ProfileLayout } from './profile-layout';

export const NO_JOINED_EVENTS = 'You have not joined any event yet.';

interface AttendeeOwnProfileProps {
  details: UserDetails;
  /** The events this attendee joined, newest first. */
  joinedEvents: EventSummary[];
  onShare: () => void;
}

/** The attendee's own profile: like the host's, listing Joined Events (spec §2). */
export function AttendeeOwnProfile({ details, joinedEvents, onShare }: AttendeeOwnProfileProps) {
  const actions = (
    <OwnProfileActions editHref={paths.attendee.profileEdit.getHref()} onShare={onShare} />
  );

  return (
    <ProfileLayout
      // Attendees are not rated (ratings are for hosts), so no stars: "0.0, 0 reviews" says nothing.
      hero={<ProfileHero details={details} showRating={false} actions={actions} />}
      aside={
        <>
          <BioCard bio={details.bio} emptyText="Tell others about yourself in Edit Profile." />
          <OwnSocialLinks details={details} />
        </>
      }
      main={
        <ProfileEventsSection
          title="Joined Events"
          events={joinedEvents}
          eventHref={paths.attendee.eventDetails.getHref}
          emptyText={NO_JOINED_EVENTS}
          emptyAction={
            <Anchor component={Link} to={paths.attendee.dashboard.getHref()} size="sm">
              Join an event with its code on your dashboard
            </Anchor>
          }
        />
      }
    />
  );
}
