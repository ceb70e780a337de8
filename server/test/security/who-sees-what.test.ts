import { attendeeEventDetailsSchema, userDetailsSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joined } from '../requests/request-factories.ts';

/**
 * Event ids are small numbers anyone can walk. Someone who has not joined an
 * event sees what its poster would say — not the join code, the link or QR
 * that carry it, nor the street address — whether they ask for the event or
 * for its host's profile.
 */
describe('what a viewer who has not joined sees of an event', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    event = await insertEvent(t, host.id, { address: '12 Secret Alley', zip: '10001' });
  });
  afterAll(async () => {
    await t.close();
  });

  const attendeeView = async (who: SignedIn) => {
    const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, who.headers);
    expect(res.statusCode).toBe(200);
    return attendeeEventDetailsSchema.parse(res.json().data);
  };

  it('hides the code, the link, the QR and the street address until the viewer joins', async () => {
    const stranger = await signInGuest(t);
    const before = await attendeeView(stranger);
    expect(before).toMatchObject({
      name: 'Friday Night Set',
      code: '',
      event_code: '',
      url: '',
      qrcode_path: '',
      address: null,
      zip: null,
      city: 'Springfield',
    });
    expect(JSON.stringify(before)).not.toContain(event.code);
    expect(JSON.stringify(before)).not.toContain('Secret Alley');

    await joined(t, stranger, event.code);
    const after = await attendeeView(stranger);
    expect(after).toMatchObject({ event_code: event.code, address: '12 Secret Alley' });
    expect(after.url).toMatch(new RegExp(`/e/${event.code}\\?k=[\\w-]{16}$`));
  });

  it('shows the host everything on the same route', async () => {
    expect(await attendeeView(host)).toMatchObject({ event_code: event.code, zip: '10001' });
  });

  it('lists the host’s upcoming events on their profile without codes or addresses for others', async () => {
    const fan = await signIn(t, { name: 'Fan', defaultLogin: 3 });
    const profile = await get(t, `/api/v1/get-user-details?id=${host.id}`, fan.headers);
    const seen = userDetailsSchema.parse(profile.json().data);
    expect(seen.upcoming_events.map((e) => e.id)).toContain(event.id);
    expect(JSON.stringify(seen)).not.toContain(event.code);
    expect(JSON.stringify(seen)).not.toContain('Secret Alley');
    const own = await get(t, `/api/v1/get-user-details?id=${host.id}`, host.headers);
    expect(JSON.stringify(own.json().data)).toContain(event.code);
  });
});
