import { useDisclosure } from '@mantine/hooks';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { TipHostModal } from '@/features/payments/components/tip-host-modal';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { HostOwnProfile } from '@/features/profiles/components/host-own-profile';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { ProfileShareModal } from '@/features/profiles/components/profile-share-modal';
import { ProfileSkeleton } from '@/features/profiles/components/profile-skeleton';
import { shownNameOf } from '@/features/profiles/utils/profile-text';
import { RateHostModal } from '@/features/ratings/components/rate-host-modal';

export function HostProfileRoute() {
  const userId = useSessionStore((state) => state.userId);
  const profile = useUserDetails(userId);
  const [shareOpen, share] = useDisclosure(false);
  const [rateOpen, rating] = useDisclosure(false);
  const [tipOpen, tip] = useDisclosure(false);

  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <ProfileSkeleton />;
  const details = profile.data;

  // 'View as attendee' opens the real modals as previews: a host cannot rate or tip themselves.
  return (
    <>
      <HostOwnProfile
        details={details}
        onShare={share.open}
        onPreviewRate={rating.open}
        onPreviewTip={tip.open}
      />
      <RateHostModal opened={rateOpen} onClose={rating.close} hostId={details.id} preview />
      <TipHostModal
        opened={tipOpen}
        onClose={tip.close}
        hostId={details.id}
        hostName={shownNameOf(details)}
        preview
      />
      <ProfileShareModal details={details} opened={shareOpen} onClose={share.close} />
    </>
  );
}
