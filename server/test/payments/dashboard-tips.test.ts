import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { activeDemoHost, createPaymentLink } from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function payDemoTip(
  hostId: number,
  amount: string,
  attendee: Awaited<ReturnType<typeof signIn>>,
) {
  const res = await createPaymentLink(t, attendee, { host_id: hostId, amount });
  const path = new URL(res.json().data.url as string).pathname;
  await t.app.inject({ method: 'POST', url: `${path}/pay` });
  return path.split('/').pop() ?? '';
}

describe('get-host-dashboard-data tips', () => {
  it('counts paid tips and their total; pending, cancelled and refunded ones do not count', async () => {
    const host = await activeDemoHost(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    await insertEvent(t, host.id);

    const empty = await get(t, `/api/v1/get-host-dashboard-data?host_id=${host.id}`, host.headers);
    expect(empty.json().data).toMatchObject({ events: 1, tips: { count: 0, total_cents: 0 } });

    await payDemoTip(host.id, '5', attendee);
    await payDemoTip(host.id, '7.25', attendee);
    const refunded = await payDemoTip(host.id, '20', attendee);
    await t.ctx.db
      .updateTable('tips')
      .set({ status: 'refunded' })
      .where('checkout_session_id', '=', refunded)
      .execute();
    await createPaymentLink(t, attendee, { host_id: host.id, amount: '9' });
    const cancelled = await createPaymentLink(t, attendee, { host_id: host.id, amount: '11' });
    await t.app.inject({
      method: 'POST',
      url: `${new URL(cancelled.json().data.url as string).pathname}/cancel`,
    });

    const res = await get(t, '/api/v1/get-host-dashboard-data', host.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ events: 1, tips: { count: 2, total_cents: 1225 } });
  });

  it('shows a host only their own tips', async () => {
    const host = await activeDemoHost(t);
    const other = await activeDemoHost(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    await payDemoTip(other.id, '3', attendee);
    const res = await get(t, '/api/v1/get-host-dashboard-data', host.headers);
    expect(res.json().data.tips).toEqual({ count: 0, total_cents: 0 });
  });
});
