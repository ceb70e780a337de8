import { useDisclosure } from '@mantine/hooks';
import { useJoinedEvents } from '@/features/attendance/api/get-joined-events';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { AttendeeOwnProfile } from '@/features/profiles/components/attendee-own-profile';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { ProfileShareModal } from '@/features/profiles/components/profile-share-modal';
import { ProfileSkeleton } from '@/features/profiles/components/profile-skeleton';

export function AttendeeProfileRoute() {
  const userId = useSessionStore((state) => state.userId);
  const profile = useUserDetails(userId);
  const joinedEvents = useJoinedEvents();
  const [shareOpen, share] = useDisclosure(false);

  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  // The joined list waits with the profile, so it never flashes its empty state.
  if (!profile.data || joinedEvents.isPending) return <ProfileSkeleton />;
  const details = profile.data;

  return (
    <>
      <AttendeeOwnProfile
        details={details}
        joinedEvents={joinedEvents.data ?? []}
        onShare={share.open}
      />
      <ProfileShareModal details={details} opened={shareOpen} onClose={share.close} />
    </>
  );
}
