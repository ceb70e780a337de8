import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventLandingSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/http/escape-html.ts';
import { jsonForHtml, landingPoster } from '../../src/http/page-answers.ts';
import { post } from '../helpers/factories.ts';
import { insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
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
    const anonymous = answersIn((await page(`/attendee/event/${event.id}`)).body);
    expect(Object.keys(anonymous)).toEqual(['/api/auth/session']);
  });
});

describe('the page parts as HTML', () => {
  it('writes JSON that no name can end or change the script block with', () => {
    const json = jsonForHtml({ name: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- & \u2028' });
  });

  it('draws no poster for a banner it could not place as the page does', () => {
    const event = { name: 'A', formatted_start_time: 'Fri', timezone: 'UTC' };
    expect(landingPoster({ ...event, banner_path: null })).toContain('ff-poster-title');
    expect(landingPoster({ ...event, banner_path: '/uploads/banner/a.webp' })).toContain(
      '<img class="ff-poster-banner" src="/uploads/banner/a.webp" alt="">',
    );
    expect(landingPoster({ ...event, banner_path: 'javascript:alert(1)' })).toBe('');
  });
});
