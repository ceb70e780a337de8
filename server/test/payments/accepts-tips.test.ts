import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joined, signIn } from '../requests/request-factories.ts';
import {
  activate,
  activeDemoHost,
  activeStripeHost,
  createStripeTestApp,
  type StripeTestApp,
} from './payment-fixtures.ts';

/**
 * An event's host card says whether the host can take a tip now, so the
 * attendee's page offers "Tip" only when a tip can go through: an active
 * payout account, and with real Stripe a real Connect account.
 */
async function hostCardAcceptsTips(t: TestApp, host: SignedIn): Promise<boolean> {
  const event = await insertEvent(t, host.id);
  const fan = await signIn(t, { defaultLogin: 3 });
  await joined(t, fan, event.code);
  const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, fan.headers);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { host: { accepts_tips: boolean } }).host.accepts_tips;
}

/** The same, on the host's public profile (SEND TIP) as an attendee sees it. */
async function profileAcceptsTips(t: TestApp, host: SignedIn): Promise<boolean> {
  const fan = await signIn(t, { defaultLogin: 3 });
  const res = await get(t, `/api/v1/get-user-details?id=${host.id}`, fan.headers);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { accepts_tips: boolean }).accepts_tips;
}

describe('the host card’s accepts_tips, demo payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is false until the host connects payouts, true after; the profile says the same', async () => {
    const host = await signIn(t, { name: 'No Payouts' });
    expect(await hostCardAcceptsTips(t, host)).toBe(false);
    expect(await profileAcceptsTips(t, host)).toBe(false);
    const connected = await activeDemoHost(t, 'Demo Payouts');
    expect(await hostCardAcceptsTips(t, connected)).toBe(true);
    expect(await profileAcceptsTips(t, connected)).toBe(true);
  });
});

describe('the host card’s accepts_tips, Stripe', () => {
  let s: StripeTestApp;
  beforeAll(async () => {
    s = await createStripeTestApp();
  });
  afterAll(async () => {
    await s.close();
  });

  it('is true for a host whose Connect account takes charges', async () => {
    const host = await activeStripeHost(s);
    expect(await hostCardAcceptsTips(s.t, host)).toBe(true);
  });

  it('is false while onboarding is unfinished, and for an account activated in demo mode', async () => {
    const pending = await signIn(s.t, { name: 'Half Onboarded' });
    await activate(s.t, pending);
    expect(await hostCardAcceptsTips(s.t, pending)).toBe(false);

    const demoActivated = await signIn(s.t, { name: 'Demo Leftover' });
    await s.t.ctx.db
      .updateTable('users')
      .set({ stripe_account_status: 'Active', stripe_account_is_demo: true })
      .where('id', '=', demoActivated.id)
      .execute();
    expect(await hostCardAcceptsTips(s.t, demoActivated)).toBe(false);
  });
});
