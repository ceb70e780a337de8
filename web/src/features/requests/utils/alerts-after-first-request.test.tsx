import { PUSH_MSG } from '@floorfill/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { ENDPOINT, fakePushBrowser, pushRoutes, removeFakePush } from '../testing/fake-push';
import { alertsAfterFirstRequest } from './alerts-after-first-request';
import { alertsChoice, pushAlertsStorageKey } from './push-alerts-state';

/**
 * The guest's first request (issue 29): the browser's question in that tap,
 * and once allowed the phone's alerts on for the event; quietly nothing
 * otherwise.
 */

const USER = 5;
const EVENT = 7;

afterEach(() => {
  removeFakePush();
});

describe('alertsAfterFirstRequest', () => {
  it('asks in the tap itself and, once allowed, turns the event’s alerts on with the server’s words', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'granted' });
    const calls = stubApi(pushRoutes(EVENT));
    renderWithProviders(<div />);

    alertsAfterFirstRequest(USER, EVENT);
    // Before anything was awaited: a browser asks only while the tap counts as the guest's.
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);

    expect(await screen.findByText(PUSH_MSG.subscribed)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/push/subscribe')?.body).toMatchObject({
      event_id: EVENT,
      subscription: { endpoint: ENDPOINT },
    });
    expect(alertsChoice(USER, EVENT)).toEqual({ on: true, endpoint: ENDPOINT });
  });

  it('turns them on without asking when notifications are already allowed', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    stubApi(pushRoutes(EVENT));

    alertsAfterFirstRequest(USER, EVENT);

    await waitFor(() => expect(alertsChoice(USER, EVENT)?.on).toBe(true));
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('neither asks nor subscribes when the guest already chose for this event', async () => {
    const browser = fakePushBrowser({ permission: 'default' });
    const calls = stubApi(pushRoutes(EVENT));
    localStorage.setItem(pushAlertsStorageKey(USER, EVENT), JSON.stringify({ on: false }));

    alertsAfterFirstRequest(USER, EVENT);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('does nothing more when the guest refuses', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'denied' });
    const calls = stubApi(pushRoutes(EVENT));

    alertsAfterFirstRequest(USER, EVENT);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    expect(alertsChoice(USER, EVENT)).toBeNull();
  });

  it('still asks for notifications where there is no Web Push, and subscribes nothing', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'default';
        static requestPermission = requestPermission;
      },
    );
    const calls = stubApi(pushRoutes(EVENT));

    alertsAfterFirstRequest(USER, EVENT);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });
});
