import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventLandingSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForHtml, withPageParts } from '../../src/http/page-answers.ts';
import { post } from '../helpers/factories.ts';
import { insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const LOADER = '<div role="status">Loading</div>';
const PAGE = `<!doctype html><html><head><title>Floorfill</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"><!--page-->${LOADER}<!--/page--></div></body></html>`;

/**
 * A stand-in for the build's server bundle (web/src/entry-server.tsx, tested
 * with the real components in e2e/server-drawn.spec.ts): it shows which page
 * it was asked to draw and with which answers, and fails for an event named
 * "Explode".
 */
const SERVER_BUNDLE = `
export async function renderPage(url, answers) {
  if (JSON.stringify(answers).includes('Explode')) throw new Error('cannot draw');
  const asked = Object.keys(answers).map(encodeURIComponent).join(' ');
  return '<main data-url="' + encodeURIComponent(url) + '">' + asked + '</main>';
}
`;

/** The markup the server drew in the page's #root (null when it left the loader there). */
function drawnIn(html: string): string | null {
  const drawn = /<div id="root" data-drawn="server">([\s\S]*)<\/div><\/body>/.exec(html);
  if (drawn) return drawn[1] ?? '';
  expect(html).toContain(LOADER);
  return null;
}
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
    mkdirSync(path.join(distDir, '.ssr'));
    writeFileSync(path.join(distDir, '.ssr/entry-server.js'), SERVER_BUNDLE);
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

  it("puts the landing's public view (the API's own answer) in /e/:code and draws the page from it, for anyone", async () => {
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
    // Only the landing's facts: its schema, no address.
    const data = eventLandingSchema.parse(landing?.body.data);
    expect(Object.keys(landing?.body.data ?? {}).sort()).toEqual(Object.keys(data).sort());
    expect(res.body).not.toContain('Secret Lane');

    // The name is text in the JSON: it neither ends nor adds a script.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    // The page is drawn for its own address, from the answers it carries.
    expect(drawnIn(res.body)).toBe(
      `<main data-url="${encodeURIComponent(`/e/${event.code.toLowerCase()}`)}">` +
        `${encodeURIComponent('/api/auth/session')} ` +
        `${encodeURIComponent(`/api/v1/get-event-landing?code=${event.code.toLowerCase()}`)}</main>`,
    );
  });

  it('answers an unknown code as the API does (404, counted), and leaves that page to the browser', async () => {
    const res = await page('/e/NOSUCH');
    const answers = answersIn(res.body);
    expect(answers['/api/v1/get-event-landing?code=NOSUCH']?.status).toBe(404);
    expect(drawnIn(res.body)).toBeNull();
  });

  it('leaves a page it could not draw to the browser, answers and all', async () => {
    const event = await insertEvent(t, host.id, { name: 'Explode' });
    const res = await page(`/e/${event.code}`);
    expect(res.statusCode).toBe(200);
    expect(answersIn(res.body)[`/api/v1/get-event-landing?code=${event.code}`]?.status).toBe(200);
    expect(drawnIn(res.body)).toBeNull();
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

    expect(drawnIn(res.body)).toContain(
      encodeURIComponent(`/api/v1/get-attendee-event-details?id=${event.id}`),
    );

    // Nobody signed in: only the session's answer (null); the event is the API's to refuse.
    const anonymousPage = (await page(`/attendee/event/${event.id}`)).body;
    expect(Object.keys(answersIn(anonymousPage))).toEqual(['/api/auth/session']);
    expect(drawnIn(anonymousPage)).toBeNull();
  });

  const form = (code: string, fields: Record<string, string>, origin = 'http://localhost:3000') =>
    t.app.inject({
      method: 'POST',
      url: `/e/${code}`,
      remoteAddress: '10.7.0.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams(fields).toString(),
    });

  const asGuest = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it("joins as guest from the landing's form, before the script runs: the guest's page, signed in", async () => {
    const event = await insertEvent(t, host.id, { name: 'Dock Party' });

    const res = await form(event.code.toLowerCase(), { name: 'Mia' });

    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/attendee/event/${event.id}`);
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const session = await asGuest('/api/auth/session', cookie);
    expect(session.json()).toMatchObject({ data: { role: 4, user: { name: 'Mia' } } });
    const details = await asGuest(`/api/v1/get-attendee-event-details?id=${event.id}`, cookie);
    expect(details.json()).toMatchObject({ data: { id: event.id, joined: true } });
  });

  it('refuses the form posted from another site, as any change of state', async () => {
    const event = await insertEvent(t, host.id, { name: 'Dock Party' });
    const res = await form(event.code, { name: 'Mia' }, 'https://elsewhere.example');
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a name the JSON sign-in refuses', async () => {
    const event = await insertEvent(t, host.id, { name: 'Dock Party' });
    const res = await form(event.code, { name: 'M'.repeat(41) });
    expect(res.statusCode).toBe(422);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('sends the browser back to the landing when the join is refused, whose app then says why', async () => {
    const res = await form('NOSUCH', {});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/e/NOSUCH');
  });
});

describe('the page parts as HTML', () => {
  it('writes JSON that no name can end or change the script block with', () => {
    const json = jsonForHtml({ name: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- & \u2028' });
  });

  it("puts a page the server drew in place of #root's loader, marked for the browser to take over", () => {
    const html = withPageParts(
      `<body><div id="root">\n  <!--page-->\n  ${LOADER}\n  <!--/page-->\n</div></body>`,
      { answers: {}, markup: '<main>$& $1</main>', personal: false },
    );
    expect(html).toContain('<div id="root" data-drawn="server"><main>$& $1</main></div></body>');
    expect(html).not.toContain(LOADER);
  });
});
