import { createAttendanceService } from './attendance/attendance.service.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCatalogService } from './catalog/catalog.service.ts';
import { createDisplayService } from './display/display.service.ts';
import { createEventsService } from './events/events.service.ts';
import { createBackOff } from './http/back-off.ts';
import { createFailureBudget, FAILURE_WINDOW_MS } from './http/failure-budget.ts';
import type { AppContext } from './infra/context.ts';
import { createLiveQueue } from './live-queue/live-queue.ts';
import type { QueuePublisher } from './live-queue/queue-pushes.ts';
import { createSongResolver } from './live-queue/requested-song.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createProfilesService } from './profiles/profiles.service.ts';
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

/**
 * The composition root: every domain service, built once per app with its
 * dependencies, in dependency order. Routes receive them as `app.services`
 * and never build their own.
 */
export function createServices(ctx: AppContext, publish: QueuePublisher) {
  const { config, db } = ctx;
  const liveQueue = createLiveQueue({ db, publish });
  const events = createEventsService(config, liveQueue);
  const profiles = createProfilesService(config, events);
  const attendance = createAttendanceService(events, liveQueue, profiles);
  // One Stripe client per app (Stripe mode only): payment links, onboarding, the webhook.
  const stripe = config.payments.stripe ? createStripeClient(config.payments.stripe) : undefined;
  const limits = config.failureLimits;
  const budget = (name: string, max: number) =>
    createFailureBudget({ name, max, windowMs: FAILURE_WINDOW_MS }, ctx.redis, config.redisPrefix);
  const codesByAddress = budget('code-address', limits.codesPerAddress);
  return {
    auth: createAuthService(config),
    catalog: createCatalogService(db, config.catalog),
    events,
    liveQueue,
    resolveSong: createSongResolver(db, config.artworkHosts),
    profiles,
    attendance,
    /** The big screen's state; its wrong codes spend the same address budget as join-event. */
    display: createDisplayService({ db, events, queue: liveQueue, codesByAddress }),
    wallets: createWalletsService(config),
    savedCards: createSavedCards({
      stripe,
      publishableKey: config.payments.stripe?.publishableKey,
    }),
    stripe,
    payments: createPaymentsService({ config, stripe }),
    /**
     * Budgets of failed tries (http/failure-budget.ts), shared by the routes
     * that spend them: a wrong event code spends the caller's address (join
     * and the QR image alike) and account; a failed sign-in its address and,
     * unless the browser signed in to that account before, the account's
     * back-off (http/back-off.ts).
     */
    failures: {
      codesByAddress,
      codesByAccount: budget('code-account', limits.codesPerAccount),
      signInsByAddress: budget('signin-address', limits.signInsPerAddress),
      signInsByAccount: createBackOff(
        { name: 'signin-account', budget: limits.signInsPerAccount, ...ACCOUNT_PAUSES },
        ctx.redis,
        config.redisPrefix,
      ),
      /** One key for everyone: the ceiling on strangers' failed sign-ins (argon2 work) as a whole. */
      signInsOverall: budget('signin-all', limits.signInsGlobal),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
