import { BRIDGE_MSG, bridgeTrackId, REQUEST_RULE_MSG, type CatalogSong } from '@floorfill/shared';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  LAPTOP,
  PHONE,
  signUpAndLogIn,
  type CreatedEvent,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

const LIVE = 'Live updates on';
const DEDICATION = 'For Sam, happy birthday!';

/** Songs of the built-in catalog, found by these search terms. */
const BOHEMIAN = { term: 'bohemian rhapsody', title: 'Bohemian Rhapsody' };
const GET_READY = { term: 'get ready for this', title: 'Get Ready for This' };
const NO_LIMIT = { term: '2 unlimited no limit', title: 'No Limit' };
const BEST = { term: 'i am the best', title: 'I Am the Best' };

interface Guest {
  context: BrowserContext;
  page: Page;
}

/** A guest who scanned the code: a guest session, joined to the event (through the API). */
async function guestJoined(browser: Browser, event: CreatedEvent): Promise<Guest> {
  const context = await browser.newContext();
  await logToasts(context);
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/login-as-guest', { data: {} });
  expect(login.ok(), await login.text()).toBe(true);
  const joined = await page.request.post('/api/v1/join-event', {
    data: { event_code: event.code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { context, page };
}

/** The first catalog result named `title` for `term`. */
async function findSong(guest: Guest, song: { term: string; title: string }) {
  const search = await guest.page.request.get(
    `/api/v1/get-search-song-list?q=${encodeURIComponent(song.term)}`,
  );
  expect(search.ok(), await search.text()).toBe(true);
  const results = ((await search.json()) as { data: CatalogSong[] }).data;
  const found = results.find((result) => result.song_name === song.title);
  expect(found, `${song.title} in the catalog`).toBeDefined();
  return found as CatalogSong;
}

/** A request as the song modal sends it; the server's answer (status, msg). */
async function request(
  guest: Guest,
  event: CreatedEvent,
  song: { term: string; title: string },
  message?: string,
) {
  const found = await findSong(guest, song);
  const response = await guest.page.request.post('/api/v1/send-song-request', {
    data: { event_id: event.id, ...found, message },
  });
  return { status: response.status(), msg: ((await response.json()) as { msg: string }).msg };
}

async function requestOk(
  guest: Guest,
  event: CreatedEvent,
  song: { term: string; title: string },
  message?: string,
) {
  const answer = await request(guest, event, song, message);
  expect(answer.status, answer.msg).toBe(201);
}

function upNext(page: Page) {
  return page.getByRole('list', { name: 'Up next' });
}

function queue(page: Page) {
  return page.getByRole('list', { name: 'Queue' });
}

function nowPlaying(page: Page) {
  return page.getByRole('region', { name: 'Now playing' });
}

/** The big screen, in a browser with no session at all. */
async function openBigScreen(browser: Browser, code: string) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(`/display/${code}`);
  return { context, page };
}

/** The big screen fits its 16:9 screen: nothing scrolls. */
async function expectNoScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a DJ runs a night from the booth with the keyboard, and the big screen follows', async ({
  browser,
  page: host,
}) => {
  test.setTimeout(240_000);
  await host.setViewportSize(LAPTOP);
  await signUpAndLogIn(host, 'Booth Host');
  const event = await createEventAsHost(host, 'Booth Night');

  // Four songs: Bohemian Rhapsody twice (one with a dedication), then three once each.
  const ana = await guestJoined(browser, event);
  const ben = await guestJoined(browser, event);
  await requestOk(ana, event, BOHEMIAN, DEDICATION);
  await requestOk(ben, event, BOHEMIAN);
  await requestOk(ana, event, GET_READY);
  await requestOk(ben, event, NO_LIMIT);
  await requestOk(ben, event, BEST);
  // Ben watches the event's page through the night.
  await ben.page.goto(`/attendee/event/${event.id}`);

  // One click from the event page.
  await host.goto(`/host/event/${event.id}`);
  await host.getByRole('link', { name: 'Open booth' }).click();
  await expect(host).toHaveURL(new RegExp(`/host/event/${event.id}/booth$`));
  await expect(host.getByText(LIVE)).toBeVisible();
  await expect(nowPlaying(host)).toContainText('Nothing playing');
  const next = upNext(host).getByRole('listitem');
  await expect(next).toHaveCount(3);
  await expect(next.nth(0)).toHaveAccessibleName(/^Bohemian Rhapsody by Queen, 2 requests/);
  await expect(next.nth(1)).toHaveAccessibleName(/^Get Ready for This/);
  await expect(next.nth(2)).toHaveAccessibleName(/^No Limit/);
  await expect(queue(host).getByRole('listitem')).toHaveCount(1);
  // The dedication reaches the host, with who sent it.
  await expect(next.nth(0)).toContainText(DEDICATION);
  await expect(host.getByRole('note', { name: 'Keyboard shortcuts' })).toContainText('Enter');
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');

  // The big screen, in a browser with no account.
  const screen = await openBigScreen(browser, event.code);
  await expect(screen.page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(screen.page.getByText('Requests open')).toBeVisible();
  await expect(screen.page.getByRole('region', { name: 'Up next' })).toContainText(
    'Bohemian Rhapsody',
  );

  // Enter plays the selected song; the big screen follows within a second.
  await host.keyboard.press('Enter');
  await expect(nowPlaying(host)).toContainText('Bohemian Rhapsody');
  await expect(screen.page.getByRole('region', { name: 'Now playing' })).toContainText(
    'Bohemian Rhapsody',
    { timeout: 1000 },
  );

  // L puts the next one off: it drops to the bottom, marked Later.
  await expect(next.nth(0)).toHaveAccessibleName(/^Get Ready for This/);
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');
  await host.keyboard.press('l');
  await expect(host.getByRole('status').filter({ hasText: 'moved to later' })).toBeVisible();
  const rest = queue(host).getByRole('listitem');
  await expect(rest.last()).toHaveAccessibleName(/^Get Ready for This.*, later$/);
  await expect(next.nth(0)).toHaveAccessibleName(/^No Limit/);
  // Mid-night, as the README shows it.
  await host.screenshot({ path: 'test-results/screenshots/booth-mid-night-1440.png' });

  // R rejects the selected one, and its requester hears so; Z takes it back.
  await expect(ben.page.getByText(LIVE)).toBeVisible();
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');
  await host.keyboard.press('r');
  await expectToast(ben.page, `The DJ isn't taking “No Limit” tonight.`);
  await expect(host.getByRole('status').filter({ hasText: '“No Limit” rejected' })).toBeVisible();
  await expect(host.getByRole('listitem', { name: /^No Limit/ })).toHaveCount(0);
  await host.keyboard.press('z');
  await expect(host.getByRole('listitem', { name: /^No Limit/ })).toHaveCount(1);
  await expect(next.nth(0)).toHaveAccessibleName(/^No Limit/);
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');

  // P finishes the song playing, not the selected one.
  await host.keyboard.press('p');
  await expect(nowPlaying(host)).toContainText('Nothing playing');
  await expect(host.getByRole('tab', { name: /^Played \(1\)/ })).toBeVisible();
  await expect(next.nth(0)).toHaveAccessibleName(/^No Limit/);
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');
  // A song that never played is marked played only with its own, labelled button.
  await host.getByRole('button', { name: 'Mark played: No Limit' }).click();
  await expect(host.getByRole('listitem', { name: /^No Limit/ })).toHaveCount(0);
  await expect(host.getByRole('tab', { name: /^Played \(2\)/ })).toBeVisible();

  // ↓ and ↑ move the selection; Enter plays it, and the one playing becomes played.
  await expect(next.nth(0)).toHaveAccessibleName(/^I Am the Best/);
  await host.keyboard.press('ArrowDown');
  await expect(rest.last()).toHaveAttribute('aria-current', 'true');
  await host.keyboard.press('ArrowUp');
  await expect(next.nth(0)).toHaveAttribute('aria-current', 'true');
  await host.keyboard.press('Enter');
  await expect(nowPlaying(host)).toContainText('I Am the Best');
  await expect(screen.page.getByRole('region', { name: 'Now playing' })).toContainText(
    'I Am the Best',
    { timeout: 1000 },
  );
  await expect(host.getByRole('tab', { name: /^Played \(2\)/ })).toBeVisible();

  // The history: open it and unplay No Limit, keys only.
  await host.getByRole('tab', { name: /^Played/ }).focus();
  await host.keyboard.press('Enter');
  const unplay = host.getByRole('button', { name: 'Unplay: No Limit' });
  await unplay.focus();
  await host.keyboard.press('Enter');
  await expect(host.getByRole('listitem', { name: /^No Limit/ })).toHaveCount(1);
  await expect(host.getByRole('tab', { name: /^Played \(1\)/ })).toBeVisible();

  // A guest never sees another's dedication.
  await expect(ben.page.locator('body')).not.toContainText(DEDICATION);

  await expectAccessible(host);
  await host.getByRole('tab', { name: /^Who is here/ }).click();
  await expect(host.getByRole('table', { name: 'Who is here' }).getByRole('row')).toHaveCount(3);
  // A click on a side tab leaves the keys with the booth: Enter plays the selected song.
  const selectedRow = host.locator('li[aria-current="true"]');
  await expect(selectedRow).toHaveCount(1);
  const selectedTitle = (await selectedRow.locator('p').first().textContent()) ?? '';
  expect(selectedTitle).not.toBe('');
  await host.keyboard.press('Enter');
  await expect(nowPlaying(host)).toContainText(selectedTitle);
  // And on a phone-sized window: a tab clicked, Esc lets go of it, and P still finishes the song.
  await host.setViewportSize(PHONE);
  const playedTab = host.getByRole('tab', { name: /^Played/ });
  await playedTab.click();
  await host.keyboard.press('Escape');
  await expect(playedTab).not.toBeFocused();
  await host.keyboard.press('p');
  await expect(nowPlaying(host)).toContainText('Nothing playing');
  await host.setViewportSize(LAPTOP);
  await captureScreens(host, 'booth');
  await host.setViewportSize(LAPTOP);
  await host.screenshot({ path: 'test-results/screenshots/booth-viewport-1440.png' });

  await expectAccessible(screen.page);
  await expectNoScroll(screen.page);
  await screen.page.screenshot({ path: 'test-results/screenshots/big-screen-1920.png' });
  await screen.page.setViewportSize({ width: 1280, height: 720 });
  await expectNoScroll(screen.page);
  await screen.page.screenshot({ path: 'test-results/screenshots/big-screen-1280.png' });

  await Promise.all([ana.context.close(), ben.context.close(), screen.context.close()]);
});

test('the booth’s request controls: closed, a cap, a cooldown and a blocked artist', async ({
  browser,
  page: host,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(host, 'Controls Host');
  const event = await createEventAsHost(host, 'Controls Night');
  const guest = await guestJoined(browser, event);
  await host.goto(`/host/event/${event.id}/booth`);
  await expect(host.getByText(LIVE)).toBeVisible();
  await host.getByRole('tab', { name: 'Request controls' }).click();

  // One tap closes requests; the guest is refused and told why.
  await host.getByRole('switch', { name: 'Requests open' }).click();
  await expect(host.getByRole('switch', { name: 'Requests closed' })).not.toBeChecked();
  expect(await request(guest, event, BOHEMIAN)).toEqual({
    status: 422,
    msg: REQUEST_RULE_MSG.closed,
  });
  await host.getByRole('switch', { name: 'Requests closed' }).click();
  await expect(host.getByRole('switch', { name: 'Requests open' })).toBeChecked();

  // One waiting song per guest, and Queen blocked.
  await host.getByLabel('Songs waiting per guest').fill('1');
  const blocked = host.getByRole('combobox', { name: 'Blocked artists or titles' });
  await blocked.fill('Queen');
  await blocked.press('Enter');
  await host.getByRole('button', { name: 'Save request controls' }).click();
  await expect(host.getByLabel('Songs waiting per guest')).toHaveValue('1');
  await expect
    .poll(async () => (await request(guest, event, BOHEMIAN)).msg)
    .toBe(REQUEST_RULE_MSG.blocked);
  await requestOk(guest, event, GET_READY);
  expect(await request(guest, event, NO_LIMIT)).toEqual({
    status: 422,
    msg: REQUEST_RULE_MSG.tooMany(1),
  });

  // No cap, two minutes between a guest's requests.
  await host.getByLabel('Songs waiting per guest').fill('0');
  await host.getByLabel("Cooldown between a guest's requests (seconds)").fill('120');
  await host.getByRole('button', { name: 'Save request controls' }).click();
  await expect(host.getByLabel("Cooldown between a guest's requests (seconds)")).toHaveValue('120');
  const second = await guestJoined(browser, event);
  await requestOk(second, event, NO_LIMIT);
  const tooSoon = await request(second, event, BEST);
  expect(tooSoon.status).toBe(422);
  expect(tooSoon.msg).toBe(REQUEST_RULE_MSG.cooldown(120));

  // Fair share: the booth says which order is in force.
  await host.getByRole('combobox', { name: 'Queue order' }).click();
  await host.getByRole('option', { name: /^Fair share/ }).click();
  await host.getByRole('button', { name: 'Save request controls' }).click();
  await expect(host.getByTestId('queue-order')).toHaveText('Fair share, in turns');

  await expectAccessible(host);
  await captureScreens(host, 'booth-request-controls');

  // The night ends: the event page sums it up.
  const played = await host.request.post('/api/v1/mark-as-song-request', {
    data: {
      event_id: event.id,
      song_id: (await findSong(guest, GET_READY)).song_id,
      mark_as: 'playing',
    },
  });
  expect(played.ok(), await played.text()).toBe(true);
  const ended = await host.request.post('/api/v1/update-event', {
    data: {
      id: event.id,
      name: event.name,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
  await host.goto(`/host/event/${event.id}`);
  const summary = host.getByRole('region', { name: 'Night summary' });
  // The summary is its own chunk with the chart library: the first look waits for it to load.
  await expect(summary.getByRole('group', { name: 'Requests received' })).toContainText('2', {
    timeout: 30_000,
  });
  await expect(summary.getByRole('group', { name: 'Unique requesters' })).toContainText('2');
  await expect(
    summary.getByRole('img', { name: 'Requests per 10 minutes over the night' }),
  ).toBeVisible();
  await expect(summary.getByRole('table', { name: 'Top requested songs' })).toContainText(
    'No Limit',
  );
  await expect(host.getByRole('link', { name: 'Open booth' })).toHaveCount(0);
  await expect(host.getByRole('table', { name: 'Who is here' }).getByRole('row')).toHaveCount(3);
  await expectAccessible(host);
  await captureScreens(host, 'event-night-summary');
  await Promise.all([guest.context.close(), second.context.close()]);
});

test('the booth follows the decks: the switch, a bridge paired with the code shown once, a track marked', async ({
  browser,
  page: host,
  request: bridge,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(host, 'Decks Host');
  const event = await createEventAsHost(host, 'Decks Night');
  const guest = await guestJoined(browser, event);
  await requestOk(guest, event, BOHEMIAN);
  await host.goto(`/host/event/${event.id}/booth`);
  await expect(host.getByText(LIVE)).toBeVisible();
  const decksTab = host.getByRole('tab', { name: 'Follow the decks' });
  await decksTab.click();
  const panel = host.getByRole('tabpanel', { name: 'Follow the decks' });

  // Off when the event is made; one tap turns it on.
  const follow = panel.getByRole('switch', { name: 'Follow the decks' });
  await expect(follow).not.toBeChecked();
  await follow.click();
  await expect(follow).toBeChecked();
  await expectToast(host, BRIDGE_MSG.settingsSaved);

  // A key: its code big, and the command to run on this laptop.
  await panel.getByRole('button', { name: 'Connect a bridge' }).click();
  await expectToast(host, BRIDGE_MSG.keyCreated);
  const code = panel.getByText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(code).toBeVisible();
  const pairingCode = (await code.textContent()) ?? '';
  const origin = new URL(host.url()).origin;
  await expect(
    panel.getByText(
      `node floorfill-bridge.mjs --server ${origin} --pair ${pairingCode} --source serato`,
    ),
  ).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Bridges' })).toContainText('Waiting to pair');
  await expectAccessible(host);
  await captureScreens(host, 'booth-decks-pairing');

  await expect(panel.getByRole('link', { name: 'Download the bridge' })).toHaveAttribute(
    'href',
    '/downloads/floorfill-bridge.mjs',
  );
  // The build made the bridge as one program for this machine's system too; the server hands it out.
  const executable = panel.getByRole('link', { name: /^Download for / });
  const href = (await executable.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/downloads\/floorfill-bridge-/);
  const served = await host.request.head(href);
  expect(served.status()).toBe(200);
  expect(Number(served.headers()['content-length'])).toBeGreaterThan(10_000_000);
  // The bridge pairs with the code and says which software it reads, as `floorfill-bridge` does.
  const paired = await bridge.post('/api/v1/bridge/pair', {
    data: { pairing_code: pairingCode },
  });
  expect(paired.ok(), await paired.text()).toBe(true);
  const { token } = ((await paired.json()) as { data: { token: string } }).data;
  const auth = { Authorization: `Bearer ${token}` };
  const status = await bridge.get('/api/v1/bridge/status?source=serato', { headers: auth });
  expect(status.ok(), await status.text()).toBe(true);
  // The panel looks again within 10 s while a code is on screen.
  await expect(panel.getByRole('status')).toContainText('Connected', { timeout: 15_000 });
  await expect(code).toHaveCount(0);

  // The deck plays the requested song: the booth marks it playing by itself.
  const startedAt = new Date();
  const track = { title: BOHEMIAN.title, artist: 'Queen', deck: '1', source: 'serato' as const };
  const reported = await bridge.post('/api/v1/bridge/tracks', {
    headers: auth,
    data: {
      ...track,
      id: bridgeTrackId({ ...track, startedAt }),
      started_at: startedAt.toISOString(),
    },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  await expect(nowPlaying(host)).toContainText(BOHEMIAN.title);
  // Back to the panel (opening it asks again): the track, and what became of it.
  await host.getByRole('tab', { name: /^Who is here/ }).click();
  await decksTab.click();
  const tracks = panel.getByRole('list', { name: 'Tracks from the decks' });
  await expect(tracks).toContainText(`Queen – ${BOHEMIAN.title}`);
  await expect(tracks).toContainText('Marked playing');
  const bridges = panel.getByRole('list', { name: 'Bridges' });
  await expect(bridges).toContainText('Serato bridge');
  await expect(bridges).toContainText(/Connected · seen \d+ s ago/);
  await expectAccessible(host);
  await captureScreens(host, 'booth-decks');

  // Revoke asks first; the booth's keys wait while it asks.
  await bridges.getByRole('button', { name: /^Revoke: Serato bridge/ }).click();
  const dialog = host.getByRole('dialog', { name: 'Revoke this bridge?' });
  await expect(dialog).toBeVisible();
  await host.keyboard.press('p');
  await expect(nowPlaying(host)).toContainText(BOHEMIAN.title);
  await expectAccessible(host);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(host, BRIDGE_MSG.keyRevoked);
  await expect(panel.getByText('No bridge yet.')).toBeVisible();
  const refused = await bridge.get('/api/v1/bridge/status?source=serato', { headers: auth });
  expect(refused.status()).toBe(401);
  await guest.context.close();
});

test('the big screen of an unknown code says so', async ({ browser }) => {
  const screen = await openBigScreen(browser, 'ZZZ999');
  await expect(screen.page.getByRole('heading', { name: /No event has this code/ })).toBeVisible();
  await expectAccessible(screen.page);
  await screen.context.close();
});
