import { CHALLENGE_HEADER, MSG } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attendeeEventDetails } from '@/features/realtime/testing/fixtures';
import { challengeAnswer } from '@/testing/altcha';
import { renderRoutes, stubApi } from '@/testing/render';
import { JoinEventForm } from './join-event-form';

function renderForm() {
  return renderRoutes(
    [
      { path: '/attendee/dashboard', element: <JoinEventForm /> },
      { path: '/attendee/event/:eventId', element: <p>Event page</p> },
    ],
    '/attendee/dashboard',
  );
}

const joined = () => ({
  body: {
    status: true,
    msg: 'You joined the event.',
    data: {
      ...attendeeEventDetails({ id: 42, code: 'ABC234' }),
      joined_at: '2026-11-21T20:00:00Z',
    },
  },
});

describe('join by code', () => {
  it('keeps Join Now disabled while the code is empty', async () => {
    stubApi({});
    renderForm();
    const button = screen.getByRole('button', { name: 'Join Now' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Event Code'), 'A');
    expect(button).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Event Code'));
    expect(button).toBeDisabled();
  });

  it("says 'No code found.' for a blank code and asks nothing", async () => {
    const calls = stubApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText('Event Code'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(await screen.findByText(MSG.noCode)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('joins only after the confirmation, then opens the event', async () => {
    const calls = stubApi({ '/api/v1/join-event': joined });
    const { router } = renderForm();
    await userEvent.type(screen.getByLabelText('Event Code'), ' abc234 ');
    await userEvent.click(screen.getByRole('button', { name: 'Join Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    expect(dialog).toHaveTextContent('ABC234');
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await screen.findByText('Event page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/attendee/event/42');
    expect(calls[0]?.body).toEqual({ event_code: 'ABC234' });
  });

  it('shows a wrong code under the field', async () => {
    stubApi({
      '/api/v1/join-event': {
        status: 404,
        body: { status: false, msg: 'No event found for that code.' },
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Event Code'), 'NOPE42');
    await userEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No event found for that code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Event Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a short wait, not an error, while a busy address is checked, then joins', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi({
      '/api/v1/join-event': async (_body, headers) => {
        if (!headers.get(CHALLENGE_HEADER)) return challengeAnswer();
        // The proof-carrying call is held until the test has seen the wait.
        await released;
        return joined();
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Event Code'), 'ABC234');
    await userEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(MSG.checkingDevice);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.unexpected)).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Event page')).toBeInTheDocument();
  });

  it('says how long to wait when this person is out of tries', async () => {
    stubApi({
      '/api/v1/join-event': {
        status: 429,
        body: { status: false, msg: MSG.tooManyRequests, data: { retry_after_seconds: 40 } },
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Event Code'), 'NOPE42');
    await userEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Too many tries — try again in 40 s.')).toBeInTheDocument();
    expect(screen.getByLabelText('Event Code')).toHaveAccessibleDescription(
      'Too many tries — try again in 40 s.',
    );
  });
});
