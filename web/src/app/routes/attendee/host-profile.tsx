import { MSG, ROLE } from '@floorfill/shared';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { TipHostModal } from '@/features/payments/components/tip-host-modal';
import { useTipReturnNotice } from '@/features/payments/utils/use-tip-return';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { HostPublicProfile } from '@/features/profiles/components/host-public-profile';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { ProfileShareModal } from '@/features/profiles/components/profile-share-modal';
import { ProfileSkeleton } from '@/features/profiles/components/profile-skeleton';
import { shownNameOf } from '@/features/profiles/utils/profile-text';
import { RateHostModal } from '@/features/ratings/components/rate-host-modal';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

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
  const [rateOpen, rating] = useDisclosure(false);
  const [tipOpen, tip] = useDisclosure(false);
  useTipReturnNotice();

  const missing = isApiError(profile.error) && profile.error.httpStatus === 404;
  if (hostId === null || missing) return <Navigate to={paths.notFound.getHref()} replace />;
  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <ProfileSkeleton />;
  const details = profile.data;

  // Spec §6: guests get the login alert instead of the rating form.
  const rate = () => {
    if (role === ROLE.guest) notifyError(MSG.pleaseLogin);
    else rating.open();
  };

  return (
    <>
      <HostPublicProfile
        details={details}
        rated={details.is_rated}
        onRate={rate}
        onTip={tip.open}
        onShare={share.open}
      />
      <RateHostModal opened={rateOpen} onClose={rating.close} hostId={details.id} />
      <TipHostModal
        opened={tipOpen}
        onClose={tip.close}
        canUseSavedCard={role === ROLE.attendee}
        hostId={details.id}
        hostName={shownNameOf(details)}
      />
      <ProfileShareModal details={details} opened={shareOpen} onClose={share.close} />
    </>
  );
}
