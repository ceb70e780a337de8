import { MSG, ROLE } from '@floorfill/shared';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LazyDialog, lazyDialog } from '@/lib/lazy-dialog';
import { notifyError } from '@/lib/notify';
import { logout } from '../api/session';
import { useRedirectStore } from '../stores/redirect-store';
import { displayNameOf, useSessionStore } from '../stores/session-store';

// A guest's "your data is deleted" confirmation: its code (Mantine's Modal) loads when idle.
const guestLogoutDialog = lazyDialog(() => import('./guest-logout-dialog'), 'GuestLogoutDialog');

/** Logout always ends the local session, even if the server could not be reached. */
function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The cookie may already be gone; the local session ends regardless.
    } finally {
      useRedirectStore.getState().take();
      useSessionStore.getState().logOut();
      queryClient.clear();
      setPending(false);
      navigate(paths.auth.login.getHref(), { replace: true });
    }
  };
  return { run, pending };
}

/**
 * The top bar's account menu (spec §2): name, email, mode switch, Settings,
 * Logout. Guests see neither email nor switch, and confirm before logging out
 * because their data is deleted.
 */
export function ProfileMenu() {
  const user = useSessionStore((state) => state.user);
  const role = useSessionStore((state) => state.role);
  const switchRole = useSessionStore((state) => state.switchRole);
  const [confirmOpen, confirm] = useDisclosure(false);
  const signOut = useLogout();

  if (!user || role === null) return null;
  const isGuest = role === ROLE.guest;
  const name = displayNameOf(user);
  const otherRole = role === ROLE.host ? ROLE.attendee : ROLE.host;
  const profileHref =
    role === ROLE.host ? paths.host.profile.getHref() : paths.attendee.profile.getHref();
  const settingsHref =
    role === ROLE.host ? paths.host.profileEdit.getHref() : paths.attendee.profileEdit.getHref();

  const switchMode = () => {
    switchRole(otherRole);
    // Spec §4: switching reloads into the other dashboard, so every screen starts clean.
    window.location.assign(
      otherRole === ROLE.host ? paths.host.dashboard.getHref() : paths.attendee.dashboard.getHref(),
    );
  };

  return (
    <>
      <Menu
        position="bottom-end"
        width={240}
        shadow="md"
        withinPortal={false}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <UnstyledButton aria-label="Account menu" p={4}>
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size={34} alt="">
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text fw={600} size="sm" visibleFrom="xs" maw={160} truncate>
                {name}
              </Text>
              <IconChevronDown size={16} aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {isGuest ? (
            <Menu.Item onClick={() => notifyError(MSG.pleaseRegister)}>
              <Text fw={700} size="sm" truncate>
                {name}
              </Text>
            </Menu.Item>
          ) : (
            <Menu.Item component={Link} to={profileHref}>
              <Text fw={700} size="sm" truncate>
                {name}
              </Text>
              {user.email ? (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              ) : null}
            </Menu.Item>
          )}
          <Menu.Divider />
          {!isGuest ? (
            <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={switchMode}>
              {otherRole === ROLE.host ? 'Switch to Host' : 'Switch to Attendee'}
            </Menu.Item>
          ) : null}
          {isGuest ? (
            <Menu.Item
              leftSection={<IconSettings size={16} />}
              onClick={() => notifyError(MSG.pleaseRegister)}
            >
              Settings
            </Menu.Item>
          ) : (
            <Menu.Item component={Link} to={settingsHref} leftSection={<IconSettings size={16} />}>
              Settings
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            onClick={() => (isGuest ? confirm.open() : void signOut.run())}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <LazyDialog
        dialog={guestLogoutDialog}
        opened={confirmOpen}
        onClose={confirm.close}
        onLogout={() => void signOut.run()}
        pending={signOut.pending}
      />
    </>
  );
}
