import { Stack } from '@mantine/core';
import type { UserDetails } from '@floorfill/shared';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { ProfileForm } from '@/features/profiles/components/profile-form';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { SettingsSkeleton } from '@/features/profiles/components/settings-skeleton';
import { SettingsTabs } from '@/features/profiles/components/settings-tabs';
import { sessionUserWithProfile } from '@/features/profiles/utils/session-user';
import { AttendeeWalletCard } from '@/features/wallets/components/attendee-wallet-card';

export function AttendeeProfileEditRoute() {
  const navigate = useNavigate();
  const userId = useSessionStore((state) => state.userId);
  const profile = useUserDetails(userId);

  // Default Login only picks the dashboard of the next login; the active role stays (spec §4).
  const onSaved = (saved: UserDetails) => {
    const { user, role, signIn } = useSessionStore.getState();
    if (user && role !== null) signIn(sessionUserWithProfile(user, saved), role);
    navigate(paths.attendee.profile.getHref());
  };

  let content;
  if (profile.isError) {
    content = <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  } else if (!profile.data) {
    content = <SettingsSkeleton />;
  } else {
    content = (
      <SettingsTabs
        profile={
          <Stack gap="lg">
            <ProfileForm details={profile.data} onSaved={onSaved} />
            <AttendeeWalletCard />
          </Stack>
        }
      />
    );
  }

  return (
    <PageFrame title="Settings" description="Your profile details and the card you tip with.">
      {content}
    </PageFrame>
  );
}
