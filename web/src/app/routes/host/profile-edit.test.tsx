import { PROFILE_MSG, ROLE } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { ok, sessionUser, userDetails } from '@/features/profiles/test-fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { HostProfileEditRoute } from './profile-edit';

describe('host settings', () => {
  it('after saving goes to the host profile, keeps the host role and shows the new name in the session', async () => {
    useSessionStore.getState().signIn(sessionUser(), ROLE.host);
    const saved = userDetails({ display_name: 'DJ Nova' });
    if (saved.private) saved.private.default_login = ROLE.attendee;
    stubApi({
      '/api/v1/get-user-details': ok(userDetails()),
      '/api/v1/update-host-profile': ok(saved, PROFILE_MSG.updated),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(
      [
        { path: '/host/profile/edit', element: <HostProfileEditRoute /> },
        { path: '/host/profile', element: <p>host profile page</p> },
      ],
      '/host/profile/edit',
    );

    await user.click(await screen.findByRole('radio', { name: 'Attendee' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Save, answer and navigation take a while under jsdom on a busy machine.
    expect(await screen.findByText('host profile page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/host/profile');
    const session = useSessionStore.getState();
    expect(session.role).toBe(ROLE.host);
    expect(session.user?.display_name).toBe('DJ Nova');
    expect(session.user?.default_login).toBe(ROLE.attendee);
  });

  it('offers the Wallet tab to hosts', async () => {
    useSessionStore.getState().signIn(sessionUser(), ROLE.host);
    stubApi({ '/api/v1/get-user-details': ok(userDetails()) });
    renderRoutes(
      [{ path: '/host/profile/edit', element: <HostProfileEditRoute /> }],
      '/host/profile/edit',
    );

    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Wallet' })).toBeInTheDocument();
  });
});
