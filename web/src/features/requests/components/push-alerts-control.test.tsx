import { PUSH_MSG } from '@floorfill/shared';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { renderWithProviders, stubApi } from '@/testing/render';
import { ENDPOINT, fakePushBrowser, pushRoutes, removeFakePush } from '../testing/fake-push';
import { PUSH_ALERTS_WORDS, pushAlertsStorageKey } from '../utils/push-alerts-state';
import { PushAlertsControl } from './push-alerts-control';

/**
 * The alerts row under "Your requests" (issue 29): off → the browser's
 * question → on; blocked; the server's refusal said; on → off; nothing
 * where the browser has no Web Push, and nothing in the server's markup.
 */

const USER = 5;
const EVENT = 7;
const SUBSCRIBE = '/api/v1/push/subscribe';
const UNSUBSCRIBE = '/api/v1/push/unsubscribe';

function renderControl() {
  return renderWithProviders(<PushAlertsControl userId={USER} eventId={EVENT} />);
}

const turnOnButton = () => screen.getByRole('button', { name: PUSH_ALERTS_WORDS.turnOnLabel });

describe('PushAlertsControl', () => {
  beforeEach(() => {
    notifications.clean();
  });
  afterEach(() => {
    removeFakePush();
  });

  function expectNothingShown() {
    for (const words of [PUSH_ALERTS_WORDS.off, PUSH_ALERTS_WORDS.on, PUSH_ALERTS_WORDS.blocked]) {
      expect(screen.queryByText(words)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  }

  it('shows nothing where the browser has no Web Push', () => {
    const calls = stubApi(pushRoutes(EVENT));
    renderControl();
    expectNothingShown();
    expect(calls).toEqual([]);
  });

  it('shows nothing where the browser has notifications but no Push API (Safari in a tab)', () => {
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'default';
      },
    );
    renderControl();
    expectNothingShown();
  });

  it('draws nothing on the server, even for a browser that has Web Push: the state is read after', () => {
    fakePushBrowser({ permission: 'granted' });
    localStorage.setItem(pushAlertsStorageKey(USER, EVENT), JSON.stringify({ on: true }));
    const html = renderToString(
      <MantineProvider theme={theme}>
        <PushAlertsControl userId={USER} eventId={EVENT} />
      </MantineProvider>,
    );
    expect(html).not.toContain(PUSH_ALERTS_WORDS.on);
    expect(html).not.toContain(PUSH_ALERTS_WORDS.off);
    expect(html).not.toContain('button');
  });

  it('turns alerts on after the guest allows them, with the server’s words', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'granted' });
    const calls = stubApi(pushRoutes(EVENT));
    renderControl();

    expect(screen.getByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
    await userEvent.click(turnOnButton());

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(PUSH_ALERTS_WORDS.on)).toBeInTheDocument();
    expect(await screen.findByText(PUSH_MSG.subscribed)).toBeInTheDocument();
    expect(calls.find((call) => call.path === SUBSCRIBE)?.body).toMatchObject({
      event_id: EVENT,
      subscription: { endpoint: ENDPOINT },
    });
    expect(screen.getByRole('button', { name: PUSH_ALERTS_WORDS.turnOffLabel })).toHaveTextContent(
      PUSH_ALERTS_WORDS.turnOff,
    );
  });

  it('is keyboard usable: Enter on the focused button turns alerts on', async () => {
    fakePushBrowser({ permission: 'granted' });
    stubApi(pushRoutes(EVENT));
    renderControl();

    await userEvent.tab();
    expect(turnOnButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(PUSH_ALERTS_WORDS.on)).toBeInTheDocument();
  });

  it('says alerts are blocked when the guest refuses, and offers nothing more', async () => {
    fakePushBrowser({ permission: 'default', answer: 'denied' });
    const calls = stubApi(pushRoutes(EVENT));
    renderControl();

    await userEvent.click(turnOnButton());

    expect(await screen.findByText(PUSH_ALERTS_WORDS.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says alerts are blocked when the browser’s settings already refuse them', () => {
    fakePushBrowser({ permission: 'denied' });
    renderControl();
    expect(screen.getByText(PUSH_ALERTS_WORDS.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('stays off when the guest closes the question unanswered', async () => {
    fakePushBrowser({ permission: 'default', answer: 'default' });
    const calls = stubApi(pushRoutes(EVENT));
    renderControl();

    await userEvent.click(turnOnButton());

    await waitFor(() => expect(turnOnButton()).toBeEnabled());
    expect(screen.getByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal and stays off', async () => {
    fakePushBrowser({ permission: 'granted' });
    stubApi({
      ...pushRoutes(EVENT),
      [SUBSCRIBE]: { status: 404, body: { status: false, msg: PUSH_MSG.notJoined } },
    });
    renderControl();

    await userEvent.click(turnOnButton());

    expect(await screen.findByText(PUSH_MSG.notJoined)).toBeInTheDocument();
    await waitFor(() => expect(turnOnButton()).toBeEnabled());
    expect(screen.getByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
  });

  it('says so when the push service cannot be reached', async () => {
    fakePushBrowser({ permission: 'granted', pushServiceDown: true });
    stubApi(pushRoutes(EVENT));
    renderControl();

    await userEvent.click(turnOnButton());

    expect(await screen.findByText(PUSH_ALERTS_WORDS.noPushService)).toBeInTheDocument();
    expect(screen.getByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
  });

  it('after a reload shows alerts on, and Turn off tells the server the endpoint', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    localStorage.setItem(
      pushAlertsStorageKey(USER, EVENT),
      JSON.stringify({ on: true, endpoint: ENDPOINT }),
    );
    const calls = stubApi(pushRoutes(EVENT));
    renderControl();

    expect(screen.getByText(PUSH_ALERTS_WORDS.on)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PUSH_ALERTS_WORDS.turnOffLabel }));

    expect(await screen.findByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
    expect(await screen.findByText(PUSH_MSG.unsubscribed)).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: UNSUBSCRIBE,
        body: { event_id: EVENT, endpoint: ENDPOINT },
      }),
    ]);
    // The browser's subscription is the site's, for every event: it is kept.
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('shows off when the browser no longer allows notifications, whatever was chosen', () => {
    fakePushBrowser({ permission: 'default' });
    localStorage.setItem(
      pushAlertsStorageKey(USER, EVENT),
      JSON.stringify({ on: true, endpoint: ENDPOINT }),
    );
    renderControl();
    expect(screen.getByText(PUSH_ALERTS_WORDS.off)).toBeInTheDocument();
  });
});
