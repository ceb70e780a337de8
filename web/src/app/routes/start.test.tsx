import { MSG, ROLE } from '@floorfill/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { ok } from '@/features/profiles/test-fixtures';
import { attendeeEventDetails } from '@/features/realtime/testing/fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { routes } from '../router';

function sessionAs(role: 2 | 3 | 4) {
  const user = {
    id: 5,
    name: 'Dana Lopez',
    display_name: 'Dana',
    email: role === ROLE.guest ? null : 'dana@example.com',
    phone: null,
    role,
    default_login: role === ROLE.guest ? ROLE.attendee : role,
    is_guest: role === ROLE.guest,
    email_verified: true,
    profile_image_path: null,
    cover_photo_path: null,
  };
  return { '/api/auth/session': ok({ user, role }) };
}

function joinedEvents(events: { id: number; is_live: boolean }[]) {
  return {
    '/api/v1/get-joined-events': ok(
      events.map((event) => ({
        ...attendeeEventDetails({ id: event.id, is_live: event.is_live, has_ended: false }),
        joined: true,
        joined_at: '2026-11-21T20:00:00.000Z',
      })),
    ),
  };
}

describe('where the installed app opens (/start)', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'unknown', user: null, userId: null, role: null });
  });

  it('offers someone signed out an event code and Sign in, not Register', async () => {
    stubApi({
      '/api/auth/session': { status: 401, body: { status: false, msg: MSG.unauthenticated } },
    });
    const { router } = renderRoutes(routes, '/start');
    expect(await screen.findByRole('heading', { name: 'Join an event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Event code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/register/i)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
  });

  it('takes a guest to the event on now that they joined', async () => {
    stubApi({
      ...sessionAs(ROLE.guest),
      ...joinedEvents([{ id: 9, is_live: true }]),
      '/api/v1/get-attendee-event-details': ok(attendeeEventDetails({ id: 9, joined: true })),
    });
    const { router } = renderRoutes(routes, '/start');
    await waitFor(() => expect(router.state.location.pathname).toBe('/attendee/event/9'));
  });

  it('takes a guest with no event on now to the event code', async () => {
    stubApi({ ...sessionAs(ROLE.guest), ...joinedEvents([{ id: 9, is_live: false }]) });
    renderRoutes(routes, '/start');
    expect(await screen.findByLabelText('Event code')).toBeInTheDocument();
  });

  it('takes a host to the host dashboard', async () => {
    stubApi(sessionAs(ROLE.host));
    const { router } = renderRoutes(routes, '/start');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/dashboard'));
  });
});
