import { MSG, ROLE } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { eventSummary, ok, sessionUser, userDetails } from '@/features/profiles/test-fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { AttendeeHostProfileRoute } from './host-profile';
import { TIP_SUCCESS } from '@/features/payments/utils/use-tip-return';

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/attendee/host-profile/:hostId', element: <AttendeeHostProfileRoute /> },
      { path: '/404', element: <p>not found page</p> },
    ],
    url,
  );
}

const publicDetails = () =>
  userDetails({
    private: undefined,
    upcoming_events: [eventSummary({ id: 31, name: 'Friday Night Floor' })],
  });

describe('host profile as an attendee sees it', () => {
  it('shows rating, actions and upcoming events linking to the attendee event page', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok(publicDetails()) });
    const user = userEvent.setup({ delay: null });
    renderAt('/attendee/host-profile/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'DJ Dana' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Rated 4.5 out of 5 (12 reviews)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Friday Night Floor/ })).toHaveAttribute(
      'href',
      '/attendee/event/31',
    );
    expect(screen.queryByRole('button', { name: 'Edit social links' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'RATE' }));
    expect(await screen.findByRole('dialog', { name: 'RATE HOST' })).toBeInTheDocument();
  });

  it('opens TIP THE HOST from SEND TIP, without an event', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok(publicDetails()) });
    const user = userEvent.setup({ delay: null });
    renderAt('/attendee/host-profile/7');

    await user.click(await screen.findByRole('button', { name: 'SEND TIP' }));

    const dialog = await screen.findByRole('dialog', { name: 'TIP THE HOST' });
    expect(dialog).toHaveTextContent('Send DJ Dana a tip.');
  });

  it('offers no SEND TIP for a host who cannot take tips (no payouts set up)', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok({ ...publicDetails(), accepts_tips: false }) });
    renderAt('/attendee/host-profile/7');

    expect(await screen.findByRole('button', { name: 'RATE' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SEND TIP' })).not.toBeInTheDocument();
  });

  it('shows RATED, disabled, once the attendee has rated this host', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok({ ...publicDetails(), is_rated: true }) });
    renderAt('/attendee/host-profile/7');

    expect(await screen.findByRole('button', { name: 'RATED' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'RATE' })).not.toBeInTheDocument();
  });

  it('thanks the attendee back from checkout and drops ?tip from the address', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok(publicDetails()) });
    const { router } = renderAt('/attendee/host-profile/7?tip=success');

    expect(await screen.findByText(TIP_SUCCESS)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the login alert to a guest who tries to rate', async () => {
    useSessionStore
      .getState()
      .signIn(sessionUser({ id: 9, role: ROLE.guest, is_guest: true }), ROLE.guest);
    stubApi({ '/api/v1/get-user-details': ok(publicDetails()) });
    const user = userEvent.setup({ delay: null });
    renderAt('/attendee/host-profile/7');

    await user.click(await screen.findByRole('button', { name: 'RATE' }));

    expect(await screen.findByText(MSG.pleaseLogin)).toBeInTheDocument();
  });

  it('sends an unknown host to the 404 page', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 9, role: ROLE.attendee }), ROLE.attendee);
    stubApi({
      '/api/v1/get-user-details': { status: 404, body: { status: false, msg: 'User not found.' } },
    });
    const { router } = renderAt('/attendee/host-profile/999');

    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});
