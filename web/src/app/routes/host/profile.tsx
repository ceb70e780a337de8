import { useDisclosure } from '@mantine/hooks';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { HostOwnProfile } from '@/features/profiles/components/host-own-profile';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { ProfileSkeleton } from '@/features/profiles/components/profile-skeleton';
import { profileQrFileName } from '@/features/profiles/utils/session-user';
import { QrShareModal } from '@/features/sharing/components/qr-share-modal';

export function HostProfileRoute() {
  const userId = useSessionStore((state) => state.userId);
  const profile = useUserDetails(userId);
  const [shareOpen, share] = useDisclosure(false);

  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <ProfileSkeleton />;
  const details = profile.data;

  return (
    <>
      <HostOwnProfile details={details} onShare={share.open} />
      <QrShareModal
        opened={shareOpen}
        onClose={share.close}
        title="Share Profile"
        qrImagePath={details.qrcode_path}
        url={details.url}
        downloadFileName={profileQrFileName(details.id)}
      />
    </>
  );
}
