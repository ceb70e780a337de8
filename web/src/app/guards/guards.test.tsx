import { MSG, ROLE } from '@floorfill/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRedirectStore } from '@/features/auth/stores/redirect-store';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { ok, userDetails } from '@/features/profiles/test-fixtures';
import { attendeeEventDetails } from '@/features/realtime/testing/fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { routes } from '../router';

function sessionUser(role: 2 | 3 | 4) {
  return {
    id: 5,
    name: 'Dana Lopez',
    display_name: 'DJ Dana',
    email: role === ROLE.guest ? null : 'dana@example.com',
    phone: null,
    role,
    default_login: role === ROLE.guest ? ROLE.attendee : role,
    is_guest: role === ROLE.guest,
    email_verified: true,
    profile_image_path: null,
    cover_photo_path: null,
  };
}

const signedOut = {
  '/api/auth/session': { status: 401, body: { status: false, msg: MSG.unauthenticated } },
};

/** The attendee event page's own call, for event `id` (named 'Neon Nights'). */
function eventPage(id: number) {
  return {
    '/api/v1/get-attendee-event-details': ok(attendeeEventDetails({ id, joined: false })),
  };
}

function signedInAs(role: 2 | 3 | 4) {
  return {
    '/api/auth/session': {
      body: { status: true, msg: '', data: { user: sessionUser(role), role } },
    },
  };
}

beforeEach(() => {
  useSessionStore.setState({
    status: 'unknown',
    user: null,
    userId: null,
    role: null,
    loggedOut: false,
  });
  useRedirectStore.setState({ path: null });
});

describe('route guards in the router', () => {
  it('sends a QR visitor to login with qr=y, offers guest login, then returns to the event', async () => {
    stubApi({
      ...signedOut,
      ...eventPage(9),
      '/api/auth/login': {
        body: {
          status: true,
          msg: MSG.loggedIn,
          data: {
            access_token: 'not-kept',
            id: 5,
            role: ROLE.attendee,
            default_login: ROLE.attendee,
            user: sessionUser(ROLE.attendee),
          },
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/attendee/event/9?qr=y');

    await screen.findByRole('button', { name: 'Login as Guest' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?qr=y');
    expect(useRedirectStore.getState().path).toBe('/attendee/event/9?qr=y');
    expect(await screen.findByText(MSG.pleaseLogin)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await screen.findByRole('heading', { level: 1, name: 'Neon Nights' });
    expect(router.state.location.pathname).toBe('/attendee/event/9');
    expect(useSessionStore.getState()).toMatchObject({ userId: 5, role: ROLE.attendee });
    expect(localStorage.getItem('floorfill.session')).not.toContain('not-kept');
  });

  it('hides Login as Guest without qr=y', async () => {
    stubApi(signedOut);
    renderRoutes(routes, '/auth/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('button', { name: 'Login as Guest' })).not.toBeInTheDocument();
  });

  it('sends / to the host dashboard for a host', async () => {
    stubApi(signedInAs(ROLE.host));
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByText('Welcome, DJ Dana')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/host/dashboard');
  });

  it('sends an attendee away from /host to the attendee dashboard', async () => {
    stubApi(signedInAs(ROLE.attendee));
    const { router } = renderRoutes(routes, '/host/event');
    await screen.findByText('Welcome, DJ Dana');
    expect(router.state.location.pathname).toBe('/attendee/dashboard');
  });

  it('sends a signed-in host away from the login page', async () => {
    stubApi(signedInAs(ROLE.host));
    const { router } = renderRoutes(routes, '/auth/login');
    await screen.findByText('Welcome, DJ Dana');
    expect(router.state.location.pathname).toBe('/host/dashboard');
  });

  it('lets a guest see an event but asks them to register for the dashboard', async () => {
    stubApi({ ...signedInAs(ROLE.guest), ...eventPage(3) });
    const { router } = renderRoutes(routes, '/attendee/event/3');
    await screen.findByRole('heading', { level: 1, name: 'Neon Nights' });

    await router.navigate('/attendee/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(await screen.findByText(MSG.pleaseRegister)).toBeInTheDocument();
  });

  it('shows the guest menu entries as a request to register', async () => {
    stubApi({
      ...signedInAs(ROLE.guest),
      '/api/v1/get-user-details': ok(userDetails({ id: 8, private: undefined })),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/attendee/host-profile/8');
    await screen.findByRole('heading', { level: 1, name: 'DJ Dana' });

    await user.click(screen.getByRole('button', { name: 'Dashboard' }));

    expect(await screen.findByText(MSG.pleaseRegister)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/attendee/host-profile/8');
  });

  it('shows Page not found with a way to the dashboard for unknown URLs', async () => {
    stubApi(signedOut);
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: MSG.pageNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
  });
});
