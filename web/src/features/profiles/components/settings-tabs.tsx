import { Tabs } from '@mantine/core';
import { IconUser, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SettingsTabsProps {
  profile: ReactNode;
  /** Hosts only (spec §2); attendees get the Profile tab alone. */
  wallet?: ReactNode;
}

/** Settings: a Profile tab and, for hosts, a Wallet tab. */
export function SettingsTabs({ profile, wallet }: SettingsTabsProps) {
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden="true" />}>
          Profile
        </Tabs.Tab>
        {wallet ? (
          <Tabs.Tab value="wallet" leftSection={<IconWallet size={16} aria-hidden="true" />}>
            Wallet
          </Tabs.Tab>
        ) : null}
      </Tabs.List>
      <Tabs.Panel value="profile">{profile}</Tabs.Panel>
      {wallet ? <Tabs.Panel value="wallet">{wallet}</Tabs.Panel> : null}
    </Tabs>
  );
}
