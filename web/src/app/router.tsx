import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { PlayedSongToasts } from '@/features/requests/components/played-song-toasts';
import { useSocketSession } from '@/lib/socket';
import { RedirectSignedIn, RequireAppAccess, RootRedirect } from './guards/guards';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { lazyRoute } from './lazy-route';

// Each screen is its own chunk, fetched the first time it is shown: a visitor
// on the login page downloads neither the host dashboard nor the cropper.
const LoginRoute = lazyRoute(() => import('./routes/auth/login'), 'LoginRoute');
const RegisterRoute = lazyRoute(() => import('./routes/auth/register'), 'RegisterRoute');
const ResetPasswordRoute = lazyRoute(
  () => import('./routes/auth/reset-password'),
  'ResetPasswordRoute',
);
const VerificationRoute = lazyRoute(
  () => import('./routes/auth/verification'),
  'VerificationRoute',
);
const EmailVerificationRoute = lazyRoute(
  () => import('./routes/auth/email-verification'),
  'EmailVerificationRoute',
);

const HostDashboardRoute = lazyRoute(() => import('./routes/host/dashboard'), 'HostDashboardRoute');
const HostEventsRoute = lazyRoute(() => import('./routes/host/events'), 'HostEventsRoute');
const HostEventDetailsRoute = lazyRoute(
  () => import('./routes/host/event-details'),
  'HostEventDetailsRoute',
);
const HostBoothRoute = lazyRoute(() => import('./routes/host/booth'), 'HostBoothRoute');
const DisplayRoute = lazyRoute(() => import('./routes/display'), 'DisplayRoute');
const HostProfileRoute = lazyRoute(() => import('./routes/host/profile'), 'HostProfileRoute');
const HostProfileEditRoute = lazyRoute(
  () => import('./routes/host/profile-edit'),
  'HostProfileEditRoute',
);
const StripeConnectSuccessRoute = lazyRoute(
  () => import('./routes/host/stripe-connect-success'),
  'StripeConnectSuccessRoute',
);
const CropperTestRoute = lazyRoute(() => import('./routes/host/cropper-test'), 'CropperTestRoute');

const AttendeeDashboardRoute = lazyRoute(
  () => import('./routes/attendee/dashboard'),
  'AttendeeDashboardRoute',
);
const AttendeeProfileRoute = lazyRoute(
  () => import('./routes/attendee/profile'),
  'AttendeeProfileRoute',
);
const AttendeeProfileEditRoute = lazyRoute(
  () => import('./routes/attendee/profile-edit'),
  'AttendeeProfileEditRoute',
);
const AttendeeEventDetailsRoute = lazyRoute(
  () => import('./routes/attendee/event-details'),
  'AttendeeEventDetailsRoute',
);
const AttendeeHostProfileRoute = lazyRoute(
  () => import('./routes/attendee/host-profile'),
  'AttendeeHostProfileRoute',
);

const EventLandingRoute = lazyRoute(
  () => import('./routes/room/event-landing'),
  'EventLandingRoute',
);

const TermsRoute = lazyRoute(() => import('./routes/legal/terms'), 'TermsRoute');
const PrivacyRoute = lazyRoute(() => import('./routes/legal/privacy'), 'PrivacyRoute');
const NotFoundRoute = lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute');

const titled = (title: string): RouteHandle => ({ title });

/**
 * The shared socket (lib/socket.ts) is connected while the signed-in shell is
 * mounted; a requester hears that their song was played on any of its screens.
 */
function LiveSocket() {
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  useSocketSession(signedIn);
  return (
    <>
      <PlayedSongToasts />
      <Outlet />
    </>
  );
}

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
            element: <LiveSocket />,
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
