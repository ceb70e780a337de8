import type { UserDetails } from '@floorfill/shared';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/ui/page-frame';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useUserDetails } from '@/features/profiles/api/get-user-details';
import { ProfileForm } from '@/features/profiles/components/profile-form';
import { ProfileLoadError } from '@/features/profiles/components/profile-load-error';
import { SettingsSkeleton } from '@/features/profiles/components/settings-skeleton';
import { sessionUserWithProfile } from '@/features/profiles/utils/session-user';

interface ProfileSettingsProps {
  description: string;
  /** Where Save leads: the role's own profile page. */
  profileHref: string;
  /** Lays the loaded profile form out with the role's wallet. */
  children: (profileForm: ReactNode) => ReactNode;
}

/** Settings of either role: one's own profile form, once the profile has loaded. */
export function ProfileSettings({ description, profileHref, children }: ProfileSettingsProps) {
  const navigate = useNavigate();
  const userId = useSessionStore((state) => state.userId);
  const profile = useUserDetails(userId);

  // Default Login only picks the dashboard of the next login; the active role stays (spec §4).
  const onSaved = (saved: UserDetails) => {
    const { user, role, signIn } = useSessionStore.getState();
    if (user && role !== null) signIn(sessionUserWithProfile(user, saved), role);
    navigate(profileHref);
  };

  let content;
  if (profile.isError) {
    content = <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  } else if (!profile.data) {
    content = <SettingsSkeleton />;
  } else {
    content = children(<ProfileForm details={profile.data} onSaved={onSaved} />);
  }

  return (
    <PageFrame title="Settings" description={description}>
      {content}
    </PageFrame>
  );
}
