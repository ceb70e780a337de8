import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { spawnOwned, type OwnedProcess } from '../server/test/helpers/owned-process.ts';
import {
  captureScreens,
  createEventAsHost,
  expectAccessible,
  PHONE,
  signUpAndLogIn,
} from './support/app.ts';
import { test } from './support/test.ts';
import { expectToast, logToasts } from './support/toasts.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** VirtualDJ's history entry for a track it played at `at` (its file on the next line). */
function historyEntry(artist: string, title: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return (
    `#EXTVDJ:<lastplaytime>${seconds}</lastplaytime><artist>${artist}</artist>` +
    `<title>${title}</title>\n/Music/${artist} - ${title}.mp3\n`
  );
}

/**
 * Following the decks (issue 28), end to end: the bridge process a DJ runs
 * on the booth laptop reads VirtualDJ's history as VirtualDJ writes it, and
 * the request it plays shows as playing on the booth, the requester's phone
 * and the big screen, and the requester is told, with nobody pressing a key;
 * a track nobody requested shows as playing too, and P ends it.
 */
test('a bridge that follows VirtualDJ marks the played request on the booth, the phone and the big screen', async ({
  page: host,
  browser,
  baseURL,
}) => {
  test.slow();
  const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-e2e-decks-'));
  const history = path.join(scratch, 'History');
  mkdirSync(history);
  const tonight = path.join(history, '2026-11-28.m3u');
  appendFileSync(
    tonight,
    historyEntry('Queen', 'Bohemian Rhapsody', new Date(Date.now() - 3_600_000)),
  );
  let bridge: OwnedProcess | undefined;
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const screenContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await logToasts(phoneContext);
  try {
    await signUpAndLogIn(host, 'Deck Host');
    const event = await createEventAsHost(host, 'Deck Night');
    const follow = await host.request.post('/api/v1/update-deck-settings', {
      data: { event_id: event.id, follow_decks: true },
    });
    expect(follow.ok(), await follow.text()).toBe(true);
    const made = await host.request.post('/api/v1/create-bridge-key', {
      data: { event_id: event.id },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { pairing_code: code } = ((await made.json()) as { data: { pairing_code: string } }).data;

    // A guest joins from the landing and asks for Agadoo from the search.
    const phone = await phoneContext.newPage();
    await phone.goto(`/e/${event.code}`);
    await phone.getByLabel('Your first name (optional)').fill('Mia');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await expect(phone).toHaveURL(new RegExp(`/attendee/event/${event.id}$`));
    const search = phone.getByLabel('Search songs');
    await search.fill('agadoo');
    const results = phone.getByRole('list', { name: 'Search results' });
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await results
      .getByRole('button', { name: /^Request Agadoo/ })
      .first()
      .click();
    const mine = phone.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
    await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Up next');

    const screen = await screenContext.newPage();
    await screen.goto(`/display/${event.code}`);
    await expect(screen.getByRole('region', { name: 'Up next' })).toContainText('Agadoo');
    await host.goto(`/host/event/${event.id}/booth`);
    const boothNowPlaying = host.getByRole('region', { name: 'Now playing' });
    await expect(host.getByRole('list', { name: 'Up next' })).toContainText('Agadoo');

    bridge = spawnOwned(
      process.execPath,
      [
        'bridge/src/cli.ts',
        '--server',
        baseURL ?? '',
        '--pair',
        code,
        '--source',
        'virtualdj',
        '--folder',
        history,
        '--home',
        path.join(scratch, 'home'),
      ],
      { cwd: repoRoot },
    );
    const running = bridge;
    await expect.poll(() => running.output(), { timeout: 20_000 }).toContain('Following VirtualDJ');

    // VirtualDJ writes the track it just played; nobody touches the booth.
    const played = Date.now();
    appendFileSync(tonight, historyEntry('Black Lace', 'Agadoo (Original Mix)', new Date()));
    await expect(boothNowPlaying).toContainText('Agadoo');
    const onBooth = Date.now() - played;
    await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Playing now');
    const onPhone = Date.now() - played;
    await expect(screen.getByRole('region', { name: 'Now playing' })).toContainText('Agadoo');
    const onScreen = Date.now() - played;
    await expectToast(phone, 'Your song “Agadoo” is playing now!');
    // How long each screen took, for the run's record (docs/performance.md has the measured figure).
    test.info().annotations.push({
      type: 'decks latency',
      description: `booth ${onBooth} ms, phone ≤ ${onPhone} ms, big screen ≤ ${onScreen} ms after the history line`,
    });
    expect(running.output()).toContain(
      'Black Lace – Agadoo (Original Mix): marked playing in the queue',
    );
    // Last night's entry, already in the file, was history: never reported.
    expect(running.output()).not.toContain('Bohemian Rhapsody');

    // The DJ moves on to a track nobody asked for: it plays as itself, Agadoo has played.
    appendFileSync(tonight, historyEntry('New Order', 'Blue Monday', new Date()));
    await expect(boothNowPlaying).toContainText('Blue Monday');
    await expect(boothNowPlaying).toContainText('From the decks · not a request');
    await expect(screen.getByRole('region', { name: 'Now playing' })).toContainText('Blue Monday');
    await expect(mine.filter({ hasText: 'Agadoo' })).toContainText('Played at');
    await expectAccessible(host);
    await captureScreens(host, 'booth-unrequested');
    await screen.screenshot({ path: 'test-results/screenshots/big-screen-unrequested-1920.png' });
    // P ends it, as it ends any song.
    await host.keyboard.press('p');
    await expect(boothNowPlaying).toContainText('Nothing playing');
    await expect(screen.getByRole('region', { name: 'Now playing' })).not.toContainText(
      'Blue Monday',
    );
  } finally {
    await bridge?.stop('SIGTERM');
    await phoneContext.close();
    await screenContext.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
