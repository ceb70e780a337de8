import { SIDEBAR_COLLAPSE_BELOW_PX } from '@floorfill/shared';
import { AppShell, Burger, Group } from '@mantine/core';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { RouteOutlet } from './route-outlet';
import { LegalLinks } from '@/components/ui/legal-links';
import { LogoLink } from '@/components/ui/logo';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { ProfileMenu } from '@/features/auth/components/profile-menu';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { useWhenIdle } from '@/lib/after-first-paint';
import { lazyNamed } from '@/lib/lazy-named';
import { useMenuStore } from '@/stores/menu-store';
import classes from './app-layout.module.css';

// The menu's entries and its colour-scheme switch, a chunk of their own: a phone's menu starts
// collapsed, and its page draws without them.
const { component: SideMenu } = lazyNamed(() => import('./side-menu'), 'SideMenu');

// "Under 567px" (spec §2): AppShell's breakpoint is inclusive, hence one pixel less.
const NARROW_MAX_PX = SIDEBAR_COLLAPSE_BELOW_PX - 1;
const NAV_ID = 'app-side-menu';
const NARROW_QUERY = `(max-width: ${NARROW_MAX_PX}px)`;

function watchNarrow(changed: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/**
 * Whether the screen is a phone's, read at the first render: a phone's first
 * render is a phone's, not a desktop's redrawn a moment later with the page
 * inside it. A page the server draws is drawn as a phone's (the guest's pages
 * open on phones); a wider screen redraws its menu once the app runs.
 */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    watchNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => true,
  );
}

/**
 * Signed-in pages: top bar, side menu, the page, then the legal links. On
 * wide screens the menu's open state is remembered (spec §3); on narrow ones
 * the menu overlays the page, starts closed and closes after each choice.
 */
export function AppLayout() {
  const role = useSessionStore((state) => state.role);
  const desktopOpen = useMenuStore((state) => state.open);
  const toggleDesktop = useMenuStore((state) => state.toggle);
  const [mobileOpen, setMobileOpen] = useState(false);
  const narrow = useNarrowScreen();
  const open = narrow ? mobileOpen : desktopOpen;
  // A collapsed menu (a phone's, at first) is drawn once the page is up and the phone idle.
  const menuDrawn = useWhenIdle();

  if (role === null) return null;

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: NARROW_MAX_PX,
        collapsed: { mobile: !mobileOpen, desktop: !desktopOpen },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={open}
              onClick={() => (narrow ? setMobileOpen((value) => !value) : toggleDesktop())}
              size="sm"
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-controls={NAV_ID}
              aria-expanded={open}
            />
            <LogoLink />
          </Group>
          <ProfileMenu />
        </Group>
      </AppShell.Header>

      {/* inert keeps the off-screen menu out of the tab order while it is collapsed. */}
      <AppShell.Navbar id={NAV_ID} p="sm" aria-label="Main menu" inert={!open}>
        {open || menuDrawn ? (
          <Suspense fallback={null}>
            <SideMenu role={role} onNavigate={() => setMobileOpen(false)} />
          </Suspense>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <OfflineBanner />
        {/* A screen high while a screen's code arrives: the legal links below start off screen
            and stay there when the screen (taller than a phone's) replaces it, instead of jumping. */}
        <RouteOutlet loaderMinHeight="100dvh" />
      </AppShell.Main>

      {/* In the flow, not fixed: nothing on the page is ever under it. */}
      <footer className={classes.footer}>
        <div className={classes.legal}>
          <LegalLinks />
        </div>
      </footer>
    </AppShell>
  );
}
