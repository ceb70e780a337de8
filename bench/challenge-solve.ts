/**
 * How long the busy-address challenge takes (docs/performance.md,
 * docs/security.md): challenges as the server makes them at its default
 * cost, solved by altcha-lib's solver
 *   - in Chromium with CPU throttling 4× (about a mid-range phone), WebCrypto
 *     PBKDF2 as the web app's worker runs it, and without throttling;
 *   - in Node on one core (node:crypto PBKDF2), what a guesser would run.
 *
 *   npx tsx bench/challenge-solve.ts [--challenges 12] [--factor 1]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { loadConfig } from '../server/src/config.ts';
import { createChallenges } from '../server/src/http/busy-address.ts';
import { round2, runWhenInvoked, summary } from './lib/report.ts';

/** altcha-lib is the server workspace's dependency: resolved from there. */
const SERVER_DIR = path.resolve(import.meta.dirname, '..', 'server');
const fromServer = createRequire(path.join(SERVER_DIR, 'package.json'));
type Challenge = Awaited<ReturnType<ReturnType<typeof createChallenges>['issue']>>;
const { solveChallenge } = fromServer('altcha-lib') as {
  solveChallenge: (options: {
    challenge: Challenge;
    deriveKey: unknown;
  }) => Promise<{ counter: number } | null>;
};
const { deriveKey } = fromServer('altcha-lib/algorithms/pbkdf2') as { deriveKey: unknown };

/** A phone-like browser solves a ×1 challenge in about a second: the median's target. */
const PHONE_MEDIAN_TARGET_MS = 1500;

const BROWSER_SOLVER = `
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
globalThis.solveAltcha = async (challenge) => {
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { ms: performance.now() - started, counter: solution?.counter ?? -1 };
};
`;

async function browserSolver(): Promise<string> {
  const bundled = await build({
    stdin: { contents: BROWSER_SOLVER, resolveDir: SERVER_DIR, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
  });
  return bundled.outputFiles[0]?.text ?? '';
}

export async function run(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      challenges: { type: 'string', default: '12' },
      factor: { type: 'string', default: '1' },
    },
  });
  const count = Number(values.challenges);
  const factor = Number(values.factor);
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48), DATA_DIR: '/tmp' });
  const challenges = createChallenges(
    { ...config.challenge, expiresInSeconds: 600, secret: config.jwtSecret },
    undefined,
    'bench',
  );
  const made: Challenge[] = [];
  for (let index = 0; index < count; index += 1) {
    made.push(await challenges.issue(`bench|${index}`, factor));
  }

  const native: number[] = [];
  const counters: number[] = [];
  for (const challenge of made) {
    const started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    native.push(performance.now() - started);
    counters.push(solution?.counter ?? -1);
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const results: Record<string, number[]> = {};
  try {
    const solver = await browserSolver();
    for (const rate of [1, 4]) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      // WebCrypto needs a secure context: a page of localhost, served by the bench itself.
      await page.route('http://localhost/', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>solve</title>' }),
      );
      await page.goto('http://localhost/');
      await page.addScriptTag({ content: solver });
      const times: number[] = [];
      for (const challenge of made) {
        const { ms } = await page.evaluate(
          (c) =>
            (
              globalThis as unknown as {
                solveAltcha: (c: unknown) => Promise<{ ms: number; counter: number }>;
              }
            ).solveAltcha(c),
          challenge,
        );
        times.push(ms);
      }
      results[`chromium ×${rate}`] = times;
      await page.close();
    }
  } finally {
    await browser.close();
  }

  const phone = summary(results['chromium ×4'] ?? []);
  const desktop = summary(results['chromium ×1'] ?? []);
  const node = summary(native);
  console.log(
    `busy-address challenge: ${config.challenge.cost} PBKDF2/SHA-256 iterations a try, counter ${config.challenge.counter} × ${factor} (tries ${Math.min(...counters) + 1}–${Math.max(...counters) + 1}), ${count} challenges`,
  );
  const ok = phone.p50 <= PHONE_MEDIAN_TARGET_MS;
  console.log(
    `  Chromium, CPU throttling 4× (phone-like): p50 ${phone.p50} ms, max ${phone.max} ms — target p50 ≤ ${PHONE_MEDIAN_TARGET_MS} ms ${ok ? 'ok' : 'MISS'}`,
  );
  console.log(`  Chromium, no throttling: p50 ${desktop.p50} ms, max ${desktop.max} ms`);
  console.log(`  Node, one core (a guesser's solver): p50 ${node.p50} ms, max ${node.max} ms`);
  console.log(
    `  a guesser's core against a phone: ${round2(phone.p50 / node.p50)}× faster (per-try cost ${round2(node.p50 / (counters.reduce((a, b) => a + b, 0) / counters.length + 1))} ms)`,
  );
  return ok;
}

runWhenInvoked(import.meta.filename, run);
