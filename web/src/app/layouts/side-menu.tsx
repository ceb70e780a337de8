import { MSG, ROLE, type Role } from '@floorfill/shared';
import { Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconLayoutDashboard,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { ColorSchemeControl } from '@/components/ui/color-scheme-control';
import { paths } from '@/config/paths';
import { notifyError } from '@/lib/notify';

interface MenuEntry {
  label: string;
  href: string;
  icon: Icon;
  /** Patterns that keep the entry highlighted on its sub-pages. */
  activeOn: string[];
}

const HOST_MENU: MenuEntry[] = [
  {
    label: 'Dashboard',
    href: paths.host.dashboard.getHref(),
    icon: IconLayoutDashboard,
    activeOn: [paths.host.dashboard.path],
  },
  {
    label: 'My Events',
    href: paths.host.events.getHref(),
    icon: IconCalendarEvent,
    activeOn: [paths.host.events.path, paths.host.eventDetails.path],
  },
  {
    label: 'Profile',
    href: paths.host.profile.getHref(),
    icon: IconUserCircle,
    activeOn: [paths.host.profile.path, paths.host.profileEdit.path],
  },
];

const ATTENDEE_MENU: MenuEntry[] = [
  {
    label: 'Dashboard',
    href: paths.attendee.dashboard.getHref(),
    icon: IconLayoutDashboard,
    activeOn: [paths.attendee.dashboard.path],
  },
  {
    label: 'Profile',
    href: paths.attendee.profile.getHref(),
    icon: IconUserCircle,
    activeOn: [paths.attendee.profile.path, paths.attendee.profileEdit.path],
  },
];

interface SideMenuProps {
  role: Role;
  /** Called after any entry is used; the layout collapses the menu on narrow screens. */
  onNavigate: () => void;
}

/**
 * The side menu of spec §2, then the colour-scheme switch. Guests get the
 * same two entries, which only ask them to register.
 */
export function SideMenu({ role, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const entries = role === ROLE.host ? HOST_MENU : ATTENDEE_MENU;
  const isActive = (entry: MenuEntry) =>
    entry.activeOn.some((pattern) => matchPath(pattern, pathname) !== null);

  return (
    <Stack gap={4}>
      {entries.map((entry) => {
        const icon = <entry.icon size={20} stroke={1.6} aria-hidden="true" />;
        if (role === ROLE.guest) {
          return (
            <NavLink
              key={entry.label}
              component="button"
              type="button"
              label={entry.label}
              leftSection={icon}
              onClick={() => {
                notifyError(MSG.pleaseRegister);
                onNavigate();
              }}
            />
          );
        }
        const active = isActive(entry);
        return (
          <NavLink
            key={entry.label}
            component={Link}
            to={entry.href}
            label={entry.label}
            leftSection={icon}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
      <Divider my="sm" />
      <Stack gap={6} px="sm">
        <Text size="sm" c="dimmed" aria-hidden="true">
          Colour scheme
        </Text>
        <ColorSchemeControl />
      </Stack>
    </Stack>
  );
}
