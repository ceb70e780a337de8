import { BRAND_NAME, eventLandingUrl } from '@floorfill/shared';
import { useEffect, type ComponentType } from 'react';
import { matchPath, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { requestEarly } from '@/lib/early-requests';
import { RedirectSignedIn, RequireAppAccess, RootRedirect } from './guards/guards';
import { BareLayout } from './layouts/bare-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { isLazyRoute, lazyRoute } from './lazy-route';

/**
 * Mantine's whole stylesheet. The first paint carries only the part the app's
 * frame and the guest's pages draw (styles/shell.css); every other screen
 * loads the rest with its code, so it never shows unstyled.
 */
const loadAllStyles = () => import('./styles/all-styles');

/** A screen of its own chunk that needs the whole stylesheet (every screen but the guest's). */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazyRoute(async () => (await Promise.all([load(), loadAllStyles()]))[0], name);
}

// The frames of signed-in and sign-in pages: chunks of their own, so a guest's
// landing does not carry the menus, the socket or the sign-in artwork.
const LiveSocketLayout = lazyRoute(() => import('./layouts/live-socket'), 'LiveSocketLayout');
const AppLayout = lazyRoute(() => import('./layouts/app-layout'), 'AppLayout');
const AuthLayout = lazyRoute(() => import('./layouts/auth-layout'), 'AuthLayout');

// Each screen is its own chunk, fetched the first time it is shown: a visitor
// on the login page downloads neither the host dashboard nor the cropper.
const LoginRoute = screen(() => import('./routes/auth/login'), 'LoginRoute');
const RegisterRoute = screen(() => import('./routes/auth/register'), 'RegisterRoute');
const ResetPasswordRoute = screen(
  () => import('./routes/auth/reset-password'),
  'ResetPasswordRoute',
);
const VerificationRoute = screen(() => import('./routes/auth/verification'), 'VerificationRoute');
const EmailVerificationRoute = screen(
  () => import('./routes/auth/email-verification'),
  'EmailVerificationRoute',
);

const HostDashboardRoute = screen(() => import('./routes/host/dashboard'), 'HostDashboardRoute');
const HostEventsRoute = screen(() => import('./routes/host/events'), 'HostEventsRoute');
const HostEventDetailsRoute = screen(
  () => import('./routes/host/event-details'),
  'HostEventDetailsRoute',
);
const HostBoothRoute = screen(() => import('./routes/host/booth'), 'HostBoothRoute');
const DisplayRoute = screen(() => import('./routes/display'), 'DisplayRoute');
const HostProfileRoute = screen(() => import('./routes/host/profile'), 'HostProfileRoute');
const HostProfileEditRoute = screen(
  () => import('./routes/host/profile-edit'),
  'HostProfileEditRoute',
);
const StripeConnectSuccessRoute = screen(
  () => import('./routes/host/stripe-connect-success'),
  'StripeConnectSuccessRoute',
);
const CropperTestRoute = screen(() => import('./routes/host/cropper-test'), 'CropperTestRoute');

const AttendeeDashboardRoute = screen(
  () => import('./routes/attendee/dashboard'),
  'AttendeeDashboardRoute',
);
const AttendeeProfileRoute = screen(
  () => import('./routes/attendee/profile'),
  'AttendeeProfileRoute',
);
const AttendeeProfileEditRoute = screen(
  () => import('./routes/attendee/profile-edit'),
  'AttendeeProfileEditRoute',
);
// The guest's pages draw with the first paint's stylesheet alone.
const AttendeeEventDetailsRoute = lazyRoute(
  () => import('./routes/attendee/event-details'),
  'AttendeeEventDetailsRoute',
);
const AttendeeHostProfileRoute = screen(
  () => import('./routes/attendee/host-profile'),
  'AttendeeHostProfileRoute',
);

const EventLandingRoute = lazyRoute(
  () => import('./routes/room/event-landing'),
  'EventLandingRoute',
);

// A host's public page: the guest's way in too, so it draws with the first paint's stylesheet.
const HostLandingRoute = lazyRoute(() => import('./routes/room/host-landing'), 'HostLandingRoute');

// Where the installed app opens: a guest's first screen too.
const StartRoute = lazyRoute(() => import('./routes/start'), 'StartRoute');

const TermsRoute = screen(() => import('./routes/legal/terms'), 'TermsRoute');
const PrivacyRoute = screen(() => import('./routes/legal/privacy'), 'PrivacyRoute');
const NotFoundRoute = screen(() => import('./routes/not-found'), 'NotFoundRoute');

export interface RouteHandle {
  title: string;
}

const titled = (title: string): RouteHandle => ({ title });

/** The route tree of spec §2; exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <RedirectSignedIn />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.auth.login.path, element: <LoginRoute />, handle: titled('Login') },
              {
                path: paths.auth.register.path,
                element: <RegisterRoute />,
                handle: titled('Register'),
              },
              {
                path: paths.auth.resetPassword.path,
                element: <ResetPasswordRoute />,
                handle: titled('Reset Password'),
              },
              {
                path: paths.auth.verification.path,
                element: <VerificationRoute />,
                handle: titled('Verification'),
              },
              {
                path: paths.auth.emailVerification.path,
                element: <EmailVerificationRoute />,
                handle: titled('Email Verification'),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAppAccess />,
        children: [
          {
            element: <LiveSocketLayout />,
            children: [
              {
                element: <BareLayout />,
                children: [
                  {
                    path: paths.host.booth.path,
                    element: <HostBoothRoute />,
                    handle: titled('Booth'),
                  },
                ],
              },
              {
                element: <AppLayout />,
                children: [
                  {
                    path: paths.host.dashboard.path,
                    element: <HostDashboardRoute />,
                    handle: titled('Dashboard'),
                  },
                  {
                    path: paths.host.events.path,
                    element: <HostEventsRoute />,
                    handle: titled('My Events'),
                  },
                  {
                    path: paths.host.eventDetails.path,
                    element: <HostEventDetailsRoute />,
                    handle: titled('Event Details'),
                  },
                  {
                    path: paths.host.profile.path,
                    element: <HostProfileRoute />,
                    handle: titled('Profile'),
                  },
                  {
                    path: paths.host.profileEdit.path,
                    element: <HostProfileEditRoute />,
                    handle: titled('Settings'),
                  },
                  {
                    path: paths.host.stripeConnectSuccess.path,
                    element: <StripeConnectSuccessRoute />,
                    handle: titled('Stripe Connected'),
                  },
                  {
                    path: paths.host.cropperTest.path,
                    element: <CropperTestRoute />,
                    handle: titled('Cropper'),
                  },
                  {
                    path: paths.attendee.dashboard.path,
                    element: <AttendeeDashboardRoute />,
                    handle: titled('Dashboard'),
                  },
                  {
                    path: paths.attendee.profile.path,
                    element: <AttendeeProfileRoute />,
                    handle: titled('Profile'),
                  },
                  {
                    path: paths.attendee.profileEdit.path,
                    element: <AttendeeProfileEditRoute />,
                    handle: titled('Settings'),
                  },
                  {
                    path: paths.attendee.eventDetails.path,
                    element: <AttendeeEventDetailsRoute />,
                    handle: titled('Event Details'),
                  },
                  {
                    path: paths.attendee.hostProfile.path,
                    element: <AttendeeHostProfileRoute />,
                    handle: titled('Host Profile'),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // The big screen needs no account: a projector's browser has no session.
        element: <BareLayout />,
        children: [
          { path: paths.display.path, element: <DisplayRoute />, handle: titled('Big screen') },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.room.landing.path,
            element: <EventLandingRoute />,
            handle: titled('Join the event'),
          },
          {
            path: paths.start.path,
            element: <StartRoute />,
            handle: titled('Welcome'),
          },
          {
            path: paths.room.host.path,
            element: <HostLandingRoute />,
            handle: titled('Host'),
          },
          {
            path: paths.legal.terms.path,
            element: <TermsRoute />,
            handle: titled('Terms of Service'),
          },
          {
            path: paths.legal.privacy.path,
            element: <PrivacyRoute />,
            handle: titled('Privacy Policy'),
          },
          {
            path: paths.notFound.path,
            element: <NotFoundRoute />,
            handle: titled('Page not found'),
          },
          { path: '*', element: <NotFoundRoute />, handle: titled('Page not found') },
        ],
      },
    ],
  },
];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string'
  );
}

/** "Login | Floorfill": the deepest route that names itself wins. */
function useDocumentTitle() {
  const location = useLocation();
  const title = matchRoutes(routes, location)
    ?.map((match) => match.route.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}

/**
 * The app's pages, rendered inside a `<BrowserRouter>`. React Router's
 * declarative mode, not a data router: the app loads no data in routes, and
 * the data router's code is ~17 KB gzipped more on every first paint.
 */
export function AppRoutes() {
  useDocumentTitle();
  return useRoutes(routes);
}

/**
 * What starts fetching the page at `pathname` while the app asks who is
 * signed in, instead of after: the event landing's data, which needs no
 * session, and the chunks of its layouts and screen, one step each. Pages
 * behind sign-in are fetched only for a device that was signed in last time:
 * a visitor who is not is sent elsewhere and would not use them.
 */
export function pagePreloads(pathname: string, probablySignedIn: boolean): (() => unknown)[] {
  const steps: (() => unknown)[] = [];
  const landing = matchPath(paths.room.landing.path, pathname);
  const code = landing?.params.code;
  if (code) steps.push(() => requestEarly(eventLandingUrl(code)));
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    const type: unknown =
      element && typeof element === 'object' && 'type' in element ? element.type : null;
    if (type === RequireAppAccess && !probablySignedIn) break;
    if (isLazyRoute(type)) steps.push(type.preload);
  }
  return steps;
}
