import { paths } from '@/config/paths';
import { SettingsTabs } from '@/features/profiles/components/settings-tabs';
import { HostWalletTab } from '@/features/wallets/components/host-wallet-tab';
import { ProfileSettings } from '../profile-settings';

export function HostProfileEditRoute() {
  return (
    <ProfileSettings
      description="Your profile, as attendees see it, and your wallet."
      profileHref={paths.host.profile.getHref()}
    >
      {(profileForm) => <SettingsTabs profile={profileForm} wallet={<HostWalletTab />} />}
    </ProfileSettings>
  );
}
