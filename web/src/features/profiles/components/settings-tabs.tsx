import { Tabs } from '@mantine/core';
import { IconUser, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

interface SettingsTabsProps {
  profile: ReactNode;
  /** Hosts only (spec §2); attendees get the Profile tab alone. */
  wallet?: ReactNode;
}

const TAB_PARAM = 'tab';
type SettingsTab = 'profile' | 'wallet';

/**
 * Settings: a Profile tab and, for hosts, a Wallet tab. The open tab is in
 * the URL (`?tab=wallet`), so Stripe can send the host back to the wallet.
 */
export function SettingsTabs({ profile, wallet }: SettingsTabsProps) {
  const [params, setParams] = useSearchParams();
  const current: SettingsTab = wallet && params.get(TAB_PARAM) === 'wallet' ? 'wallet' : 'profile';

  const open = (tab: string | null) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'wallet') next.set(TAB_PARAM, tab);
        else next.delete(TAB_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={current} onChange={open} keepMounted={false}>
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
