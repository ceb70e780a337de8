import type { FastifyBaseLogger } from 'fastify';
import { createBoostSettlement } from './boosts/boost-settlement.ts';
import { createBoostsService } from './boosts/boosts.service.ts';
import { defaultUserNotifier } from './payments/user-notifier.ts';
import { createAttendanceService } from './attendance/attendance.service.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCatalogService } from './catalog/catalog.service.ts';
import { createDecksService } from './decks/decks.service.ts';
import { createDisplayService } from './display/display.service.ts';
import { createEventsService } from './events/events.service.ts';
import { createBackOff } from './http/back-off.ts';
import { createBudget } from './http/budgets.ts';
import {
  createAddressGate,
  createChallenges,
  createCodeGuard,
  ESCALATION_WINDOW_SECONDS,
} from './http/busy-address.ts';
import type { AppContext } from './infra/context.ts';
import { createLiveQueue } from './live-queue/live-queue.ts';
import type { QueuePublisher } from './live-queue/queue-pushes.ts';
import { createSongResolver } from './live-queue/requested-song.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createProfilesService } from './profiles/profiles.service.ts';
import { createPushService } from './push/push.service.ts';
import { createSavedCards } from './wallets/saved-cards.ts';
import { createWalletsService } from './wallets/wallets.service.ts';

/**
 * How strangers' failed sign-ins pause an account's new browsers, once its
 * budget (SIGN_IN_FAILURES_PER_ACCOUNT) is spent: 1, 2, 4 … minutes, at most
 * an hour; an hour without failures after the last pause and the account
 * starts over (docs/security.md).
 */
export const ACCOUNT_PAUSES = {
  firstPauseMs: 60_000,
  maxPauseMs: 60 * 60_000,
  quietMs: 60 * 60_000,
} as const;

/** The window the failure budgets count over: 10 minutes. */
const FAILURE_WINDOW_SECONDS = 10 * 60;
/** The door-rush burst of wrong codes per address refills over a day (docs/security.md). */
const CODE_BURST_WINDOW_SECONDS = 24 * 60 * 60;
/** A busy-address challenge can be solved and used for 5 minutes. */
const CHALLENGE_EXPIRES_IN_SECONDS = 5 * 60;

/**
 * The composition root: every domain service, built once per app with its
 * dependencies, in dependency order. Routes receive them as `app.services`
 * and never build their own.
 */
export function createServices(
  ctx: AppContext,
  publish: QueuePublisher,
  logger: FastifyBaseLogger,
) {
  const { config, db } = ctx;
  const liveQueue = createLiveQueue({ db, publish });
  const events = createEventsService(config, liveQueue);
  const profiles = createProfilesService(config, events);
  const attendance = createAttendanceService(events, liveQueue, profiles);
  // One Stripe client per app (Stripe mode only): payment links, onboarding, the webhook.
  const stripe = config.payments.stripe ? createStripeClient(config.payments.stripe) : undefined;
  const limits = config.failureLimits;
  const budget = (
    name: string,
    points: number,
    burst?: { points: number; durationSeconds: number },
  ) =>
    createBudget(
      { name, points, durationSeconds: FAILURE_WINDOW_SECONDS, burst },
      ctx.redis,
      config.redisPrefix,
    );
  const challenges = createChallenges(
    {
      ...config.challenge,
      expiresInSeconds: CHALLENGE_EXPIRES_IN_SECONDS,
      // Signing keys derive from the app's own secret: never a key in the code.
      secret: config.jwtSecret,
    },
    ctx.redis,
    config.redisPrefix,
  );
  /** Challenged failures per address in 24 h: they raise its challenges' work (busy-address.ts). */
  const escalation = (name: string) =>
    createBudget(
      { name, points: Number.MAX_SAFE_INTEGER, durationSeconds: ESCALATION_WINDOW_SECONDS },
      ctx.redis,
      config.redisPrefix,
    );
  const codes = createCodeGuard({
    byAddress: budget('code-address', limits.codesPerAddress, {
      points: limits.codesBurstPerAddress,
      durationSeconds: CODE_BURST_WINDOW_SECONDS,
    }),
    byAccount: budget('code-account', limits.codesPerAccount),
    escalation: escalation('code-escalation'),
    challenges,
    vouches: events.passes.vouches,
  });
  return {
    auth: createAuthService(config),
    catalog: createCatalogService(db, config.catalog),
    events,
    liveQueue,
    resolveSong: createSongResolver(db, config.artworkHosts),
    profiles,
    attendance,
    /** Following the decks: bridge keys, deck settings, and the tracks bridges report. */
    decks: createDecksService({ db, liveQueue }),
    /** Guests' phones subscribing to their events' Web Push notices. */
    push: createPushService(config, db),
    /** The big screen's state; its code tries pass the same guard as join-event. */
    display: createDisplayService({ db, events, queue: liveQueue, codes }),
    wallets: createWalletsService(config),
    savedCards: createSavedCards({
      stripe,
      publishableKey: config.payments.stripe?.publishableKey,
    }),
    stripe,
    payments: createPaymentsService({ config, stripe }),
    /** Boosts: held when given, charged only once the song has played (issue 30). */
    boosts: createBoostsService({
      config,
      queue: ctx.queue,
      stripe,
      liveQueue,
      settlement: createBoostSettlement({
        db,
        liveQueue,
        stripe,
        queue: ctx.queue,
        notify: defaultUserNotifier(ctx, logger),
        logger,
      }),
    }),
    /**
     * Budgets of tries (http/budgets.ts), shared by the routes that spend
     * them: every event-code try passes the code guard (a wrong one spends
     * its address and account); a failed sign-in spends its address and,
     * unless the browser signed in to that account before, the account's
     * back-off (http/back-off.ts). An address past its budget is asked for a
     * challenge (http/busy-address.ts), never refused.
     */
    failures: {
      codes,
      signInsByAddress: createAddressGate(
        budget('signin-address', limits.signInsPerAddress),
        challenges,
        'sign-in',
        escalation('signin-escalation'),
      ),
      signInsByAccount: createBackOff(
        { name: 'signin-account', budget: limits.signInsPerAccount, ...ACCOUNT_PAUSES },
        ctx.redis,
        config.redisPrefix,
      ),
      /** One key for everyone: the ceiling on strangers' failed sign-ins (argon2 work) as a whole. */
      signInsOverall: budget('signin-all', limits.signInsGlobal),
      /** Guest logins per address: a sustained rate and an hour's burst, then a challenge. */
      guestLoginsByAddress: createAddressGate(
        createBudget(
          {
            name: 'guest-address',
            points: config.guestLoginRateLimitPerMinute,
            durationSeconds: 60,
            burst: { points: config.guestLoginBurstPerAddress, durationSeconds: 60 * 60 },
          },
          ctx.redis,
          config.redisPrefix,
        ),
        challenges,
        'guest',
      ),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
