import type { UserDetails } from '@floorfill/shared';
import { paths } from '@/config/paths';
import { AttendeeActions, type AttendeeActionHandlers } from './attendee-actions';
import { BioCard } from './bio-card';
import { ProfileEventsSection } from './profile-events-section';
import { ProfileHero } from './profile-hero';
import { ProfileLayout } from './profile-layout';
import { SocialLinksCard } from './social-links-card';

export const NO_UPCOMING_EVENTS = 'This host has no upcoming events.';

interface HostPublicProfileProps extends AttendeeActionHandlers {
  details: UserDetails;
}

/** A host's profile as an attendee or a guest sees it (spec §2 "profile.details"). */
export function HostPublicProfile({
  details,
  onRate,
  onTip,
  onShare,
  rated,
}: HostPublicProfileProps) {
  return (
    <ProfileLayout
      hero={
        <ProfileHero
          details={details}
          actions={
            <AttendeeActions
              onRate={onRate}
              onTip={onTip}
              onShare={onShare}
              rated={rated}
              acceptsTips={details.accepts_tips}
            />
          }
        />
      }
      aside={
        <>
          <BioCard bio={details.bio} emptyText="No bio yet." />
          <SocialLinksCard links={details.social_links} />
        </>
      }
      main={
        <ProfileEventsSection
          title="Upcoming Events"
          events={details.upcoming_events}
          eventHref={paths.attendee.eventDetails.getHref}
          emptyText={NO_UPCOMING_EVENTS}
        />
      }
    />
  );
}
