import { MSG, type UserDetails } from '@floorfill/shared';
import { Alert, Anchor, Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notifyInfo } from '@/lib/notify';
import { AttendeeActions } from './attendee-actions';
import { BioCard } from './bio-card';
import { OwnProfileActions } from './own-profile-actions';
import { OwnSocialLinks } from './own-social-links';
import { ProfileEventsSection } from './profile-events-section';
import { ProfileHero } from './profile-hero';
import { ProfileLayout } from './profile-layout';

export const VIEWING_AS_ATTENDEE = 'You are viewing as attendee...';
export const PREVIEW_RATE_NOTE = 'Attendees use RATE to rate you after your events.';
export const PREVIEW_TIP_NOTE = 'Attendees use SEND TIP to send you a tip.';

interface HostOwnProfileProps {
  details: UserDetails;
  onShare: () => void;
  /** 'View as attendee' previews of the RATE and SEND TIP modals; a note when absent. */
  onPreviewRate?: () => void;
  onPreviewTip?: () => void;
}

/**
 * The host's own profile (spec §2). "View as attendee" is a local preview:
 * the edit controls give way to the buttons attendees get, under a banner.
 */
export function HostOwnProfile({
  details,
  onShare,
  onPreviewRate = () => notifyInfo(PREVIEW_RATE_NOTE),
  onPreviewTip = () => notifyInfo(PREVIEW_TIP_NOTE),
}: HostOwnProfileProps) {
  const [asAttendee, setAsAttendee] = useState(false);

  const toggle = (
    <Button
      variant="default"
      leftSection={<IconEye size={16} aria-hidden="true" />}
      onClick={() => setAsAttendee((value) => !value)}
    >
      {asAttendee ? 'View as host' : 'View as attendee'}
    </Button>
  );

  const actions = asAttendee ? (
    <>
      <AttendeeActions onRate={onPreviewRate} onTip={onPreviewTip} onShare={onShare} />
      {toggle}
    </>
  ) : (
    <>
      {toggle}
      <OwnProfileActions editHref={paths.host.profileEdit.getHref()} onShare={onShare} />
    </>
  );

  return (
    <ProfileLayout
      hero={<ProfileHero details={details} actions={actions} />}
      notice={
        asAttendee ? (
          <Alert color="brand" variant="light" icon={<IconEye aria-hidden="true" />}>
            {VIEWING_AS_ATTENDEE}
          </Alert>
        ) : null
      }
      aside={
        <>
          <BioCard
            bio={details.bio}
            emptyText={
              asAttendee ? 'No bio yet.' : 'Tell attendees about yourself in Edit Profile.'
            }
          />
          <OwnSocialLinks details={details} editable={!asAttendee} />
        </>
      }
      main={
        <ProfileEventsSection
          title="Upcoming Events"
          events={details.upcoming_events}
          eventHref={paths.host.eventDetails.getHref}
          emptyText={MSG.noEvents}
          emptyAction={
            asAttendee ? null : (
              <Anchor component={Link} to={paths.host.events.getHref()} size="sm">
                Create an event in My Events
              </Anchor>
            )
          }
        />
      }
    />
  );
}
