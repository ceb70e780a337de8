/**
 * Looks at every screen of the foundation: a screenshot at phone and desktop
 * width plus an axe-core check, against a running dev or preview server.
 * The API is stubbed in the browser, so no server is needed.
 *
 *   npx tsx web/scripts/screenshots.ts [baseUrl] [outDir]
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:5173';
const outDir = process.argv[3] ?? '/tmp/floorfill-shots';

type Who = 'nobody' | 'host' | 'attendee' | 'guest';

interface Screen {
  name: string;
  path: string;
  who: Who;
  /** Runs after load, before the screenshot (open a menu, fill a form). */
  act?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'login', path: '/auth/login', who: 'nobody' },
  { name: 'login-qr', path: '/auth/login?qr=y', who: 'nobody' },
  {
    name: 'login-errors',
    path: '/auth/login',
    who: 'nobody',
    act: async (page) => {
      await page.getByRole('button', { name: 'Login' }).click();
    },
  },
  {
    name: 'login-401',
    path: '/auth/login',
    who: 'nobody',
    act: async (page) => {
      await page.getByLabel('Email').fill('dj@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('These credentials').waitFor();
    },
  },
  { name: 'register', path: '/auth/register', who: 'nobody' },
  {
    name: 'register-errors',
    path: '/auth/register',
    who: 'nobody',
    act: async (page) => {
      await page.getByLabel('Phone', { exact: true }).fill('2015');
      await page.getByRole('button', { name: 'Register' }).click();
    },
  },
  {
    name: 'email-verification',
    path: '/auth/verification/email?email=dj%40example.com',
    who: 'nobody',
  },
  { name: 'reset-request', path: '/auth/reset-password', who: 'nobody' },
  { name: 'reset-verification', path: '/auth/verification?email=dj%40example.com', who: 'nobody' },
  { name: 'terms', path: '/trems-and-conditions', who: 'nobody' },
  { name: 'privacy', path: '/privacy-and-policy', who: 'nobody' },
  { name: 'not-found', path: '/no/such/page', who: 'nobody' },
  { name: 'host-dashboard', path: '/host/dashboard', who: 'host' },
  {
    name: 'host-menu',
    path: '/host/dashboard',
    who: 'host',
    act: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    },
  },
  { name: 'host-events', path: '/host/event', who: 'host' },
  {
    name: 'host-burger',
    path: '/host/dashboard',
    who: 'host',
    act: async (page) => {
      await page.getByRole('button', { name: /menu$/ }).first().click();
    },
  },
  {
    name: 'login-keyboard',
    path: '/auth/login',
    who: 'nobody',
    act: async (page) => {
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    },
  },
  { name: 'attendee-dashboard', path: '/attendee/dashboard', who: 'attendee' },
  { name: 'guest-event', path: '/attendee/event/7', who: 'guest' },
  {
    name: 'guest-logout',
    path: '/attendee/event/7',
    who: 'guest',
    act: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
];

const widths = [375, 1440];

function sessionUser(who: Exclude<Who, 'nobody'>) {
  const role = who === 'host' ? 2 : who === 'attendee' ? 3 : 4;
  return {
    id: 41,
    name: who === 'guest' ? 'Guest' : 'Dana Lopez',
    display_name: who === 'guest' ? 'Guest 5821' : 'DJ Dana',
    email: who === 'guest' ? null : 'dana@example.com',
    phone: null,
    role,
    default_login: role === 4 ? 3 : role,
    is_guest: who === 'guest',
    email_verified: true,
    profile_image_path: null,
    cover_photo_path: null,
  };
}

async function stubApi(page: Page, who: Who) {
  // A predicate, not a glob: source modules such as /src/features/auth/api/*.ts must pass through.
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/api/auth/session') {
        if (who === 'nobody') {
          await route.fulfill({ status: 401, json: { status: false, msg: 'Unauthenticated.' } });
          return;
        }
        const user = sessionUser(who);
        await route.fulfill({ json: { status: true, msg: '', data: { user, role: user.role } } });
        return;
      }
      if (url.pathname === '/api/auth/login') {
        await route.fulfill({
          status: 401,
          json: { status: false, msg: 'These credentials do not match our records.' },
        });
        return;
      }
      await route.fulfill({ status: 404, json: { status: false, msg: 'Not found.' } });
    },
  );
}

async function main() {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  let violationsTotal = 0;
  for (const width of widths) {
    for (const screen of screens) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // The signed-out session probe answers 401 by design.
        const expected401 = message.text().includes('status of 401');
        if (message.type() === 'error' && !expected401) errors.push(message.text());
      });
      await stubApi(page, screen.who);
      await page.goto(`${baseUrl}${screen.path}`);
      await page.locator('main').first().waitFor();
      // The session check and the screen's chunk each show a "Loading" status first.
      await page
        .getByRole('status', { name: 'Loading', exact: true })
        .waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      if (screen.act) {
        try {
          await screen.act(page);
        } catch (error) {
          await page.screenshot({ path: `${outDir}/${screen.name}-${width}-failed.png` });
          throw error;
        }
      }
      await page.waitForTimeout(400);
      const file = `${outDir}/${screen.name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      violationsTotal += axe.violations.length;
      const summary = axe.violations
        .map(
          (v) =>
            `${v.id} (${v.impact}): ` +
            v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', '),
        )
        .join('\n    ');
      process.stdout.write(
        `${screen.name}@${width} title="${await page.title()}" url=${new URL(page.url()).pathname}` +
          (summary ? `\n    ${summary}` : ' axe: clean') +
          (errors.length ? `\n    console: ${errors.join(' | ')}` : '') +
          '\n',
      );
      await context.close();
    }
  }
  await browser.close();
  process.stdout.write(`axe violations: ${violationsTotal}\n`);
  process.exitCode = violationsTotal ? 1 : 0;
}

void main();
