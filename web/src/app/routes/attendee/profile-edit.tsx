import { Stack } from '@mantine/core';
import { paths } from '@/config/paths';
import { SettingsTabs } from '@/features/profiles/components/settings-tabs';
import { AttendeeWalletCard } from '@/features/wallets/components/attendee-wallet-card';
import { ProfileSettings } from '../profile-settings';

export function AttendeeProfileEditRoute() {
  return (
    <ProfileSettings
      description="Your profile details and the card you tip with."
      profileHref={paths.attendee.profile.getHref()}
    >
      {(profileForm) => (
        <SettingsTabs
          profile={
            <Stack gap="lg">
              {profileForm}
              <AttendeeWalletCard />
            </Stack>
          }
        />
      )}
    </ProfileSettings>
  );
}
