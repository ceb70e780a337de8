import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from '@floorfill/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { RequestControls } from './request-controls';

function stubSave() {
  return stubApi({
    '/api/v1/update-request-settings': (body) => ({
      body: {
        status: true,
        msg: 'Request settings saved.',
        data: { ...DEFAULT_REQUEST_SETTINGS, ...(body as Partial<RequestSettings>) },
      },
    }),
  });
}

function renderControls(settings: RequestSettings = DEFAULT_REQUEST_SETTINGS) {
  renderWithProviders(<RequestControls eventId={7} settings={settings} />);
  return userEvent.setup({ delay: null });
}

const saved = (calls: ReturnType<typeof stubSave>) =>
  calls.find((call) => call.path === '/api/v1/update-request-settings')?.body;

describe('the booth’s boost controls', () => {
  it('turns boosts on with a minimum in dollars, sent in cents, with the rest of the controls', async () => {
    const calls = stubSave();
    const user = renderControls();

    expect(screen.queryByLabelText('Smallest boost (USD)')).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('switch', { name: 'Guests can boost requests (charged only if played)' }),
    );
    const minimum = screen.getByRole('textbox', { name: 'Smallest boost (USD)' });
    expect(minimum).toHaveValue('2');
    await user.clear(minimum);
    await user.type(minimum, '5.5');
    const countsAfter = screen.getByRole('textbox', { name: 'Counts as played after (seconds)' });
    await user.clear(countsAfter);
    await user.type(countsAfter, '90');
    await user.click(screen.getByRole('combobox', { name: 'Boost order' }));
    await user.click(
      await screen.findByRole('option', { name: 'Boosts break ties', hidden: true }),
    );
    await user.click(screen.getByRole('switch', { name: /Big screen marks boosted songs/ }));
    await user.click(screen.getByRole('button', { name: 'Save request controls' }));

    await waitFor(() =>
      expect(saved(calls)).toEqual({
        event_id: 7,
        max_open_requests_per_guest: 0,
        guest_cooldown_seconds: 0,
        song_repeat_minutes: 0,
        allow_explicit: true,
        blocked: [],
        display_requester_names: false,
        queue_order: 'most_requested',
        boosts_enabled: true,
        boost_min_cents: 550,
        boost_order: 'ties',
        boost_counts_after_seconds: 90,
        display_boosted: true,
      }),
    );
    expect(await screen.findByText('Request settings saved.')).toBeInTheDocument();
  });

  it('keeps the minimum within the limits: raised to $1.00 when below, refused when empty', async () => {
    const calls = stubSave();
    const user = renderControls({ ...DEFAULT_REQUEST_SETTINGS, boosts_enabled: true });

    const minimum = screen.getByRole('textbox', { name: 'Smallest boost (USD)' });
    await user.clear(minimum);
    await user.type(minimum, '0.5');
    await user.tab();
    expect(minimum).toHaveValue('1');

    await user.clear(minimum);
    await user.click(screen.getByRole('button', { name: 'Save request controls' }));

    expect(minimum).toHaveAccessibleDescription(
      expect.stringContaining('From $1.00 to $100.00.') as string,
    );
    expect(saved(calls)).toBeUndefined();
  });

  it('turns boosts off without sending the hidden boost fields', async () => {
    const calls = stubSave();
    const user = renderControls({
      ...DEFAULT_REQUEST_SETTINGS,
      boosts_enabled: true,
      boost_order: 'orders',
    });

    await user.click(
      screen.getByRole('switch', { name: 'Guests can boost requests (charged only if played)' }),
    );
    expect(screen.queryByRole('combobox', { name: 'Boost order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save request controls' }));

    await waitFor(() => expect(saved(calls)).toMatchObject({ boosts_enabled: false }));
    expect(saved(calls)).not.toHaveProperty('boost_order');
    expect(saved(calls)).not.toHaveProperty('boost_min_cents');
  });

  it('shows the minimum in the host’s currency', () => {
    renderControls({
      ...DEFAULT_REQUEST_SETTINGS,
      boosts_enabled: true,
      boost_currency: 'eur',
      boost_min_cents: 350,
    });
    const minimum = screen.getByRole('textbox', { name: 'Smallest boost (EUR)' });
    expect(minimum).toHaveValue('3.5');
    expect(minimum).toHaveAccessibleDescription('From €1.00 to €100.00');
  });
});
