import { ROLE } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/stores/session-store';
import { TIP_PREVIEW_NOTE } from '@/features/payments/components/tip-host-modal';
import { ok, sessionUser, userDetails } from '@/features/profiles/test-fixtures';
import { RATE_PREVIEW_NOTE } from '@/features/ratings/components/rate-host-modal';
import { renderRoutes, stubApi } from '@/testing/render';
import { HostProfileRoute } from './profile';

describe("the host's own profile viewed as an attendee", () => {
  it('opens RATE HOST and TIP THE HOST as previews that send nothing', async () => {
    useSessionStore.getState().signIn(sessionUser({ id: 7, role: ROLE.host }), ROLE.host);
    const calls = stubApi({ '/api/v1/get-user-details': ok(userDetails()) });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '/host/profile', element: <HostProfileRoute /> }], '/host/profile');

    await user.click(await screen.findByRole('button', { name: 'View as attendee' }));
    await user.click(screen.getByRole('button', { name: 'SEND TIP' }));
    const tip = await screen.findByRole('dialog', { name: 'TIP THE HOST' });
    expect(tip).toHaveTextContent(TIP_PREVIEW_NOTE);
    expect(within(tip).getByRole('button', { name: 'PAY NOW' })).toBeDisabled();
    await user.click(within(tip).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'RATE' }));
    const rate = await screen.findByRole('dialog', { name: 'RATE HOST' });
    expect(rate).toHaveTextContent(RATE_PREVIEW_NOTE);
    await user.click(within(rate).getByRole('radio', { name: '5 stars' }));
    expect(within(rate).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
