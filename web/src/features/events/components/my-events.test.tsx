import { MSG } from '@floorfill/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubApi } from '@/testing/render';
import { eventListAnswer, eventSummary } from '../testing/event-fixture';
import { MyEvents } from './my-events';

function renderMyEvents(url = '/host/event') {
  return renderRoutes([{ path: '/host/event', element: <MyEvents /> }], url);
}

function listCalls(calls: ReturnType<typeof stubApi>) {
  return calls
    .filter((call) => call.path === '/api/v1/get-event-list')
    .map((call) => new URLSearchParams(call.search));
}

describe('My Events', () => {
  it('keeps search (after 500 ms), sort, order and page in the URL, and Back restores them', async () => {
    const calls = stubApi({
      '/api/v1/get-event-list': {
        body: eventListAnswer([eventSummary()], { currentPage: 1, lastPage: 3, total: 25 }),
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderMyEvents();

    expect(await screen.findByRole('link', { name: 'Neon Nights' })).toBeInTheDocument();
    expect(screen.getByLabelText('25 events')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search events'), 'neon');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?search=neon'), {
      timeout: 2000,
    });
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('neon'));

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    // The dropdown is still fading in under jsdom, hence hidden: the option is there and clickable.
    await user.click(await screen.findByRole('option', { name: 'Name', hidden: true }));
    expect(router.state.location.search).toBe('?search=neon&sort=name');

    await user.click(screen.getByRole('button', { name: 'Sort order: descending' }));
    expect(router.state.location.search).toBe('?search=neon&sort=name&order=asc');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?search=neon&sort=name&order=asc&page=2');
    await waitFor(() => expect(listCalls(calls).at(-1)?.toString()).toContain('page=2'));
    expect(listCalls(calls).at(-1)?.get('order')).toBe('asc');

    await act(() => router.navigate(-3));
    expect(router.state.location.search).toBe('?search=neon');
    expect(screen.getByLabelText('Search events')).toHaveValue('neon');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search events')).toHaveValue('');
  });

  it('reads its state from the URL on load', async () => {
    const calls = stubApi({
      '/api/v1/get-event-list': { body: eventListAnswer([]) },
    });
    renderMyEvents('/host/event?search=jazz&sort=name&order=asc&page=3');

    expect(await screen.findByText(MSG.noEventFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Search events')).toHaveValue('jazz');
    const query = listCalls(calls)[0];
    expect(query?.get('search')).toBe('jazz');
    expect(query?.get('sort')).toBe('name');
    expect(query?.get('order')).toBe('asc');
    expect(query?.get('page')).toBe('3');
  });

  it('asks before deleting, then toasts and refreshes', async () => {
    let deleted = false;
    const calls = stubApi({
      '/api/v1/get-event-list': () => ({
        body: eventListAnswer(deleted ? [] : [eventSummary()]),
      }),
      '/api/v1/delete-event': () => {
        deleted = true;
        return { body: { status: true, msg: 'Event deleted successfully.', data: { id: 7 } } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderMyEvents();

    await user.click(await screen.findByRole('button', { name: 'Delete Neon Nights' }));
    expect(calls.some((call) => call.path === '/api/v1/delete-event')).toBe(false);
    // The confirmation opens as a modal in a portal, a render later than the click.
    const confirm = await screen.findByRole('dialog', { name: 'Delete event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Event deleted successfully.')).toBeInTheDocument();
    expect(await screen.findByText(MSG.noEventFound)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/delete-event')?.body).toEqual({ id: 7 });
  });
});
