/**
 * A real user's sign-in while one address floods sign-ins across many
 * emails (docs/security.md): without a per-address budget every try ran
 * argon2 and the user's sign-in took seconds; with it the flood must carry
 * a solved challenge (428, never solved here) before argon2 once its
 * budget is spent.
 *
 *   npx tsx bench/sign-in-flood.ts --emails 1000 --flood-concurrency 20 --user-tries 40
 *   (--address-budget N sets SIGN_IN_FAILURES_PER_ADDRESS for the run)
 *
 * The node runs with TRUST_PROXY=1 so the bench can stand for two clients
 * behind a proxy (X-Forwarded-For). The user's latency is measured alone
 * first, then while the flood spends its address's free tries (each a
 * password check beside the user's: printed, not a target — an address's
 * budget is what any address may spend), then during the challenged flood:
 * the figure is the p99 there, beside its target, with the ratio to the
 * quiet p99 and the node's CPU per 428 answer (the flood's price to others,
 * which noise on a shared machine does not move as it moves latency).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hashPassword } from '../server/src/auth/passwords.ts';
import { createAppContext } from '../server/src/infra/context.ts';
import { createLogger } from '../server/src/infra/logger.ts';
import { startNodes, type ServerNode } from './lib/nodes.ts';
import {
  formatPercentiles,
  machine,
  publish,
  round2,
  runWhenInvoked,
  summary,
  table,
  type Row,
} from './lib/report.ts';
import { createScratch } from './lib/scratch.ts';
import { targetRows } from './lib/targets.ts';

const USER_EMAIL = 'real.user@example.com';
const USER_PASSWORD = 'correct-horse-battery-staple';
const FLOOD_ADDRESS = '203.0.113.66';
const USER_ADDRESS = '198.51.100.7';
/**
 * A flood answered 428 must cost the node little beside a password check
 * (~100 ms of CPU): a hundredth of one.
 */
const CHALLENGED_CPU_TARGET_MS = 1;
/** Between two sign-ins of the real user: a person, not a script. */
const USER_PAUSE_MS = 100;

export interface Options {
  emails: number;
  floodConcurrency: number;
  userTries: number;
  /** SIGN_IN_FAILURES_PER_ADDRESS for the run; the app's default unless given (toy runs lower it). */
  addressBudget: string | undefined;
  record: boolean;
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      emails: { type: 'string', default: '1000' },
      'flood-concurrency': { type: 'string', default: '20' },
      'user-tries': { type: 'string', default: '40' },
      'address-budget': { type: 'string' },
      'no-record': { type: 'boolean', default: false },
    },
  });
  return {
    emails: Number(values.emails),
    floodConcurrency: Number(values['flood-concurrency']),
    userTries: Number(values['user-tries']),
    addressBudget: values['address-budget'],
    record: !values['no-record'],
  };
}

function signIn(node: ServerNode, email: string, password: string, address: string) {
  return fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

/** The real user signs in `tries` times, one after another: each latency, and any failure. */
async function userSignIns(node: ServerNode, tries: number) {
  const latencies: number[] = [];
  let failed = 0;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const started = performance.now();
    const res = await signIn(node, USER_EMAIL, USER_PASSWORD, USER_ADDRESS);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) failed += 1;
    await new Promise((resolve) => setTimeout(resolve, USER_PAUSE_MS));
  }
  return { latencies, failed };
}

export async function runSignInFlood(options: Options): Promise<boolean> {
  const loadAverage = os.loadavg();
  // Sign-in's own per-(address, email) limit would stop a person trying 40 times a minute.
  const scratch = await createScratch({
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(options.addressBudget ? { SIGN_IN_FAILURES_PER_ADDRESS: options.addressBudget } : {}),
  });
  const nodes: ServerNode[] = [];
  try {
    const ctx = await createAppContext(scratch.config, createLogger(scratch.config));
    try {
      await ctx.db
        .insertInto('users')
        .values({
          name: 'Real User',
          email: USER_EMAIL,
          password_hash: await hashPassword(USER_PASSWORD),
          email_verified_at: new Date(),
          default_login: 3,
        })
        .execute();
    } finally {
      await ctx.close();
    }
    const [node] = await startNodes(scratch.env, 1);
    if (!node) throw new Error('no node');
    nodes.push(node);

    console.log('sign-in-flood: the user alone…');
    const quietStart = await node.stats({ gc: false });
    const quiet = await userSignIns(node, Math.max(5, Math.floor(options.userTries / 2)));
    // What one password check costs the node: the flood's own checks are counted at this price.
    const cpuPerCheckMs =
      ((await node.stats({ gc: false })).cpuMs - quietStart.cpuMs) / quiet.latencies.length;

    console.log(
      `sign-in-flood: ${options.emails} emails from one address, ${options.floodConcurrency} at a time, and the user…`,
    );
    const floodStatuses: Record<string, number> = {};
    let next = 0;
    let flooding = true;
    const flooder = async () => {
      while (flooding) {
        const index = next % options.emails;
        next += 1;
        const res = await signIn(node, `victim${index}@example.com`, 'guess-123456', FLOOD_ADDRESS);
        await res.arrayBuffer();
        floodStatuses[res.status] = (floodStatuses[res.status] ?? 0) + 1;
      }
    };
    const flood = Array.from({ length: options.floodConcurrency }, flooder);
    // While the flood spends its address's free tries, each of them a password check (two at
    // a time per address), the user signs in beside them; the figure is what follows, once
    // every flood sign-in must carry a challenge.
    const budgetPhase: number[] = [];
    while (!floodStatuses[428]) {
      const started = performance.now();
      const res = await signIn(node, USER_EMAIL, USER_PASSWORD, USER_ADDRESS);
      await res.arrayBuffer();
      budgetPhase.push(performance.now() - started);
    }
    const before = { ...floodStatuses };
    const cpuBefore = (await node.stats({ gc: false })).cpuMs;
    const during = await userSignIns(node, options.userTries);
    const after = { ...floodStatuses };
    const cpuAfter = (await node.stats({ gc: false })).cpuMs;
    flooding = false;
    await Promise.all(flood);
    const sent = (status: number) => (after[status] ?? 0) - (before[status] ?? 0);
    const checks = options.userTries + sent(401) + sent(200);
    const cpuPerChallengedMs =
      (cpuAfter - cpuBefore - checks * cpuPerCheckMs) / Math.max(1, sent(428));

    const quietStats = summary(quiet.latencies);
    const floodStats = summary(during.latencies);
    const rows: Row[] = [
      [
        'flood: sign-ins sent from one address, by status',
        Object.entries(floodStatuses)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', '),
      ],
      ['the user alone: sign-in ms p50 / p95 / p99 / max', formatPercentiles(quietStats)],
      [
        'the user while the flood spends its free tries: sign-ins, ms p50 / max',
        `${budgetPhase.length}, ${round2(summary(budgetPhase).p50)} / ${round2(Math.max(...budgetPhase))}`,
      ],
      [
        'the user during the challenged flood: sign-in ms p50 / p95 / p99 / max',
        formatPercentiles(floodStats),
      ],
      [
        'the user during the challenged flood / alone, p99',
        round2(floodStats.p99 / Math.max(1, quietStats.p99)),
      ],
      ['the user’s failed sign-ins', quiet.failed + during.failed],
      ['server CPU per password check (ms, the user alone)', round2(cpuPerCheckMs)],
      ...targetRows([
        {
          figure: 'server CPU per flood sign-in answered 428 (its checks at the price above)',
          value: round2(cpuPerChallengedMs),
          unit: 'ms',
          limit: 'max',
          target: CHALLENGED_CPU_TARGET_MS,
        },
        {
          figure: 'the user’s sign-in p99 during a challenged flood across many emails',
          value: round2(floodStats.p99),
          unit: 'ms',
          limit: 'max',
          target: 500,
        },
      ]),
    ];
    await publish(
      `Sign-in flood: ${options.emails} emails from one address`,
      `${machine(scratch.mode, loadAverage)}\n\n${table(rows)}`,
      options.record,
    );
    return quiet.failed + during.failed === 0;
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
    await scratch.cleanup();
  }
}

runWhenInvoked(import.meta.filename, () => runSignInFlood(parseOptions(process.argv.slice(2))));
