import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventLandingSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/http/escape-html.ts';
import { jsonForHtml } from '../../src/http/page-answers.ts';
import { landingPoster } from '../../src/http/page-posters.ts';
import { createMember, logIn, post } from '../helpers/factories.ts';
import { insertEvent, joinEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PAGE = `<!doctype html><html><head><title>Floorfill</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const ANSWERS = /<script type="application\/json" id="ff-page-answers">([^<]*)<\/script>/;

/** The answers a served page carries, by URL. */
function answersIn(html: string): Record<string, { status: number; body: { data?: unknown } }> {
  const json = ANSWERS.exec(html)?.[1];
  if (json === undefined) throw new Error(`no answers in the page: ${html}`);
  return JSON.parse(json) as Record<string, { status: number; body: { data?: unknown } }>;
}

/**
 * A page of the web app carries the answers it would ask for first (issue 15,
 * http/page-answers.ts): made by the API's own routes for the same visitor,
 * so nobody learns from the page more than the API tells them.
 */
describe('answers inside the page', () => {
  let t: TestApp;
  let distDir: string;
  let host: SignedIn;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'floorfill-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), PAGE);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '10.7.0.1',
      headers: cookie ? { cookie } : {},
    });

  it("puts the landing's public view (the API's own answer) and a poster in /e/:code, for anyone", async () => {
    const name = '</script><script>alert(1)</script> & "Dock" <Party>';
    const event = await insertEvent(t, host.id, { name, address: '12 Secret Lane' });

    const res = await page(`/e/${event.code.toLowerCase()}`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const answers = answersIn(res.body);
    expect(answers['/api/auth/session']).toEqual({
      status: 200,
      body: { status: true, msg: '', data: null },
    });
    const landing = answers[`/api/v1/get-event-landing?code=${event.code.toLowerCase()}`];
    expect(landing?.status).toBe(200);
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${event.code.toLowerCase()}`,
      remoteAddress: '10.7.0.2',
    });
    expect(landing?.body).toEqual(api.json());
    // Only the poster's facts: the landing's schema, no address.
    const data = eventLandingSchema.parse(landing?.body.data);
    expect(Object.keys(landing?.body.data ?? {}).sort()).toEqual(Object.keys(data).sort());
    expect(res.body).not.toContain('Secret Lane');

    // The name is text wherever it stands: escaped in the JSON and in the poster.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(res.body).toContain('id="ff-poster"');
    expect(res.body).toContain(`<h1 class="ff-poster-title">${escapeHtml(name)}</h1>`);
  });

  it('answers an unknown code as the API does (404, counted), with no poster', async () => {
    const res = await page('/e/NOSUCH');
    const answers = answersIn(res.body);
    expect(answers['/api/v1/get-event-landing?code=NOSUCH']?.status).toBe(404);
    expect(res.body).not.toContain('ff-poster');
  });

  it('gives a signed-in guest their event view on /attendee/event/:id, in a page that is never kept', async () => {
    const event = await insertEvent(t, host.id, { name: 'Harbour Lights' });
    const login = await post(t, '/api/v1/login-as-guest', { name: 'Mia' });
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0];
    expect(cookie).toMatch(/=/);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/join-event',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { event_code: event.code },
    });
    expect(joined.statusCode).toBe(200);

    const res = await page(`/attendee/event/${event.id}`, cookie);

    expect(res.headers['cache-control']).toBe('private, no-store');
    const answers = answersIn(res.body);
    expect(answers['/api/auth/session']?.body.data).toMatchObject({ role: 4 });
    const details = answers[`/api/v1/get-attendee-event-details?id=${event.id}`];
    expect(details?.status).toBe(200);
    expect(details?.body.data).toMatchObject({ id: event.id, joined: true });

    // Nobody signed in: only the session's answer (null); the event is the API's to refuse.
    const anonymousPage = (await page(`/attendee/event/${event.id}`)).body;
    expect(Object.keys(answersIn(anonymousPage))).toEqual(['/api/auth/session']);
    expect(anonymousPage).not.toContain('ff-poster');
  });

  it("draws the joined guest's event page top from their own answers, for that page only", async () => {
    const name = '<b>Harbour</b> & "Lights"';
    const event = await insertEvent(t, host.id, {
      name,
      start: new Date(Date.now() - 3_600_000).toISOString(),
      end: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const cookie = await guestCookie('Mia');
    await join(event.code, cookie);

    const res = await page(`/attendee/event/${event.id}`, cookie);

    const poster = posterIn(res.body);
    expect(poster).toContain(`data-path="/attendee/event/${event.id}"`);
    expect(poster).toContain(`<h1 class="ff-poster-event-name">${escapeHtml(name)}</h1>`);
    expect(poster).toContain('>Hosted by Dana Host</p>');
    expect(poster).toContain('ff-poster-badge-live">Live<');
    expect(poster).toContain('>Joined<');
    expect(poster).toContain('>Leave<');
    // The avatar's letter is the guest's own; a guest has no way back to a dashboard.
    expect(poster).toContain('<span class="ff-poster-avatar">M</span>');
    expect(poster).not.toContain('Go Back');
    // Nothing the answer does not say: no code, no address.
    expect(poster).not.toContain(event.code);
    expect(poster).not.toContain('Main St');
  });

  it('draws no poster for a visitor who has not joined, and a way back for a member', async () => {
    const event = await insertEvent(t, host.id, { name: 'Dock Party' });
    const member = await createMember(t, { name: 'Ola', defaultLogin: 3 });
    const { cookie: session } = await logIn(t, member);
    const cookie = `ff_session=${session}`;

    const before = await page(`/attendee/event/${event.id}`, cookie);
    expect(
      answersIn(before.body)[`/api/v1/get-attendee-event-details?id=${event.id}`]?.status,
    ).toBe(200);
    expect(before.body).not.toContain('ff-poster');

    await joinEvent(t, event.id, member.id);
    const poster = posterIn((await page(`/attendee/event/${event.id}`, cookie)).body);
    expect(poster).toContain('<h1 class="ff-poster-event-name">Dock Party</h1>');
    expect(poster).toContain('>Go Back<');
    // Not started yet: no Live or Ended badge.
    expect(poster).not.toContain('ff-poster-badge');
  });

  async function guestCookie(name: string): Promise<string> {
    const login = await post(t, '/api/v1/login-as-guest', { name });
    return String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  }

  async function join(code: string, cookie: string): Promise<void> {
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/join-event',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { event_code: code },
    });
    expect(joined.statusCode).toBe(200);
  }
});

/** The poster a served page carries (it closes the body). */
function posterIn(html: string): string {
  const start = html.indexOf('<div id="ff-poster"');
  if (start < 0) throw new Error(`no poster in the page: ${html}`);
  return html.slice(start, html.indexOf('</body>'));
}

describe('the page parts as HTML', () => {
  it('writes JSON that no name can end or change the script block with', () => {
    const json = jsonForHtml({ name: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- & \u2028' });
  });

  it('draws no poster for a banner it could not place as the page does', () => {
    const event = { name: 'A', formatted_start_time: 'Fri', timezone: 'UTC' };
    expect(landingPoster('/e/A', { ...event, banner_path: null })).toContain('ff-poster-title');
    expect(landingPoster('/e/A', { ...event, banner_path: '/uploads/banner/a.webp' })).toContain(
      '<img class="ff-poster-banner" src="/uploads/banner/a.webp" alt="">',
    );
    expect(landingPoster('/e/A', { ...event, banner_path: 'javascript:alert(1)' })).toBe('');
  });
});
