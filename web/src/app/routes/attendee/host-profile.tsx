import { MSG, ROLE } from '@floorfill/shared';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { HostPublicProfile } from '@/features/profiles/components/host-public-profile';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { ProfileSkeleton } from '@/features/profiles/components/profile-skeleton';
import { profileQrFileName } from '@/features/profiles/utils/session-user';
import { QrShareModal } from '@/features/sharing/components/qr-share-modal';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifyInfo } from '@/lib/notify';

export const RATE_COMING_SOON = 'Rating hosts is coming soon.';
export const TIP_COMING_SOON = 'Tipping hosts is coming soon.';
export const ALREADY_RATED = 'You have already rated this host.';

function hostIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `/attendee/host-profile/:hostId`: open to attendees and guests (spec §6). */
export function AttendeeHostProfileRoute() {
  const hostId = hostIdOf(useParams().hostId);
  const role = useSessionStore((state) => state.role);
  const profile = useUserDetails(hostId);
  const [shareOpen, share] = useDisclosure(false);

  const missing = isApiError(profile.error) && profile.error.httpStatus === 404;
  if (hostId === null || missing) return <Navigate to={paths.notFound.getHref()} replace />;
  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <ProfileSkeleton />;
  const details = profile.data;

  // The rating and tip modals arrive with payments; until then the buttons say so.
  const rate = () => {
    if (role === ROLE.guest) notifyError(MSG.pleaseRegister);
    else if (details.is_rated) notifyInfo(ALREADY_RATED);
    else notifyInfo(RATE_COMING_SOON);
  };

  return (
    <>
      <HostPublicProfile
        details={details}
        onRate={rate}
        onTip={() => notifyInfo(TIP_COMING_SOON)}
        onShare={share.open}
      />
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
