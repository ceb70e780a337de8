import { PROFILE_MSG, ROLE } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { ok, sessionUser, userDetails } from '@/features/profiles/test-fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { AttendeeProfileEditRoute } from './profile-edit';

describe('attendee settings', () => {
  it('has no Wallet tab and after saving goes to the attendee profile', async () => {
    useSessionStore.getState().signIn(sessionUser({ role: ROLE.attendee }), ROLE.attendee);
    stubApi({
      '/api/v1/get-user-details': ok(userDetails()),
      '/api/v1/update-host-profile': ok(userDetails(), PROFILE_MSG.updated),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(
      [
        { path: '/attendee/profile/edit', element: <AttendeeProfileEditRoute /> },
        { path: '/attendee/profile', element: <p>attendee profile page</p> },
      ],
      '/attendee/profile/edit',
    );

    const form = await screen.findByRole('form', { name: 'Profile details' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    // Save, answer and navigation take a while under jsdom on a busy machine.
    expect(
      await screen.findByText('attendee profile page', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/attendee/profile');
    expect(useSessionStore.getState().role).toBe(ROLE.attendee);
  });

  it('shows only the Profile tab', async () => {
    useSessionStore.getState().signIn(sessionUser({ role: ROLE.attendee }), ROLE.attendee);
    stubApi({ '/api/v1/get-user-details': ok(userDetails()) });
    renderRoutes(
      [{ path: '/attendee/profile/edit', element: <AttendeeProfileEditRoute /> }],
      '/attendee/profile/edit',
    );

    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Wallet' })).not.toBeInTheDocument();
  });
});
