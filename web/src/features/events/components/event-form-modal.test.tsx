import { EVENT_MSG, MSG } from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { eventSummary } from '../testing/event-fixture';
import { eventFormForDay } from '../utils/event-form';
import { EventFormModal } from './event-form-modal';

function dialog(name: string) {
  return within(screen.getByRole('dialog', { name }));
}

describe('event form modal', () => {
  it('shows the required message next to each required field and sends nothing', async () => {
    const calls = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EventFormModal opened onClose={() => {}} mode="create" />);

    await user.click(dialog('Create Event').getByRole('button', { name: 'Create Event' }));

    expect(await screen.findAllByText(MSG.fieldRequired)).toHaveLength(6);
    expect(screen.getByLabelText('Event Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Zip')).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.path === '/api/v1/store-event')).toHaveLength(0);
  });

  it('refuses an end before the start without asking the server', async () => {
    const calls = stubApi({});
    const user = userEvent.setup({ delay: null });
    const backwards = eventSummary({
      start_time: '2026-11-21T23:00:00.000Z',
      end_time: '2026-11-21T22:00:00.000Z',
    });
    renderWithProviders(<EventFormModal opened onClose={() => {}} mode="edit" event={backwards} />);

    await user.click(dialog('UPDATE EVENT').getByRole('button', { name: 'Update Event' }));

    expect(
      await screen.findByText('The end time must be after the start time.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/update-event')).toHaveLength(0);
  });

  it('puts a 422 from the server under the fields it names', async () => {
    const calls = stubApi({
      '/api/v1/update-event': {
        status: 422,
        body: {
          status: false,
          msg: MSG.invalidData,
          errors: { name: ['Must be at most 120 characters.'], banner: ['Not an image.'] },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <EventFormModal opened onClose={() => {}} mode="edit" event={eventSummary()} />,
    );

    await user.click(dialog('UPDATE EVENT').getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Must be at most 120 characters.')).toBeInTheDocument();
    expect(screen.getByText('Not an image.')).toBeInTheDocument();
    expect(screen.getByLabelText('Event Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.path === '/api/v1/update-event')?.body).toEqual({
      id: 7,
      name: 'Neon Nights',
      timezone: 'UTC',
      start_time: '2026-11-21T20:00:00.000Z',
      end_time: '2026-11-21T23:30:00.000Z',
      address: '1 Harbour Road',
      zip: '',
      city: 'Lisbon',
      state: '',
      country: 'Portugal',
    });
  });

  it('creates an event as multipart with the time zone, toasts and closes', async () => {
    const calls = stubApi({
      '/api/v1/store-event': {
        status: 201,
        body: { status: true, msg: EVENT_MSG.created, data: eventSummary() },
      },
    });
    const user = userEvent.setup({ delay: null });
    let closed = false;
    renderWithProviders(
      <EventFormModal
        opened
        onClose={() => {
          closed = true;
        }}
        mode="create"
        initialValues={{
          ...eventFormForDay('2026-11-21'),
          name: 'Neon Nights',
          address: '1 Harbour Road',
          city: 'Lisbon',
          country: 'Portugal',
        }}
      />,
    );

    await user.click(dialog('Create Event').getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText(EVENT_MSG.created)).toBeInTheDocument();
    await waitFor(() => expect(closed).toBe(true));
    const body = calls.find((call) => call.path === '/api/v1/store-event')?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('Neon Nights');
    expect(form.get('start_time')).toBe(new Date(2026, 10, 21, 20, 0, 0).toISOString());
    expect(form.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(form.get('banner')).toBeNull();
  });

  it('shows and saves the event’s own wall clock, whatever zone the browser is in', async () => {
    const calls = stubApi({
      '/api/v1/update-event': {
        body: { status: true, msg: EVENT_MSG.updated, data: eventSummary() },
      },
    });
    const user = userEvent.setup({ delay: null });
    // 20:00 UTC is 3 PM in New York (EST, UTC-5), on any browser.
    const newYork = eventSummary({
      timezone: 'America/New_York',
      start_time: '2026-11-21T20:00:00.000Z',
      end_time: '2026-11-21T23:30:00.000Z',
    });
    renderWithProviders(<EventFormModal opened onClose={() => {}} mode="edit" event={newYork} />);

    const form = dialog('UPDATE EVENT');
    expect(form.getByRole('button', { name: /Start Time/ })).toHaveTextContent(
      '21 Nov 2026 03:00 PM',
    );
    expect(form.getByRole('button', { name: /End Time/ })).toHaveTextContent(
      '21 Nov 2026 06:30 PM',
    );
    expect(form.getAllByText('In America/New_York')).toHaveLength(2);
    expect(form.getByLabelText('Time zone')).toHaveValue('America/New_York');

    await user.click(form.getByRole('button', { name: 'Update Event' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/update-event')?.body).toMatchObject({
        timezone: 'America/New_York',
        start_time: '2026-11-21T20:00:00.000Z',
        end_time: '2026-11-21T23:30:00.000Z',
      }),
    );
  });

  it('reads the times typed for a new event on the chosen zone’s clock', async () => {
    const calls = stubApi({
      '/api/v1/store-event': {
        status: 201,
        body: { status: true, msg: EVENT_MSG.created, data: eventSummary() },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <EventFormModal
        opened
        onClose={() => {}}
        mode="create"
        initialValues={{
          ...eventFormForDay('2026-11-21'),
          timezone: 'America/New_York',
          name: 'Neon Nights',
          address: '1 Harbour Road',
          city: 'New York',
          country: 'United States',
        }}
      />,
    );

    await user.click(dialog('Create Event').getByRole('button', { name: 'Create Event' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/store-event')).toBeDefined(),
    );
    const form = calls.find((call) => call.path === '/api/v1/store-event')?.body as FormData;
    // 8 PM and 11 PM in New York on 21 November are 01:00 and 04:00 UTC the next day.
    expect(form.get('start_time')).toBe('2026-11-22T01:00:00.000Z');
    expect(form.get('end_time')).toBe('2026-11-22T04:00:00.000Z');
    expect(form.get('timezone')).toBe('America/New_York');
  });
});
