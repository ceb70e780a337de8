import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { WhoIsHere } from './who-is-here';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('who is here', () => {
  it('marks a held name and lets the big screen show it with one tap', async () => {
    let allowed = false;
    const calls = stubApi({
      '/api/v1/get-event-attendees': () => ({
        body: {
          status: true,
          msg: '',
          data: {
            attendees: [
              {
                attendee_id: 4,
                name: 'B1tch Please',
                joined_at: '2026-11-21T20:05:00.000Z',
                request_count: 1,
                name_held: !allowed,
              },
            ],
          },
        },
      }),
      '/api/v1/allow-guest-name': () => {
        allowed = true;
        return { body: { status: true, msg: 'Name shown on the big screen.', data: null } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WhoIsHere eventId={7} timeZone="UTC" />, '/');
    const allow = await screen.findByRole('button', {
      name: 'Allow the name on the big screen: B1tch Please',
    });
    expect(screen.getByText('Held')).toBeInTheDocument();
    await user.click(allow);
    expect(await screen.findByText('Name shown on the big screen.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/allow-guest-name')?.body).toEqual({
      event_id: 7,
      attendee_id: 4,
    });
    await waitFor(() => expect(screen.queryByText('Held')).not.toBeInTheDocument());
  });
});
