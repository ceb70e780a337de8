import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './infra/context.ts';
import { createLogger } from './infra/logger.ts';
import type { JobHandlers } from './infra/queue.ts';
import { createBoostSettlement } from './boosts/boost-settlement.ts';
import { createLiveQueue, type LiveQueue } from './live-queue/live-queue.ts';
import { pruneExpiredRowsJob } from './maintenance/prune-expired.ts';
import { pruneInactiveGuests } from './maintenance/prune-guests.ts';
import { stripeEventJob } from './payments/payment-jobs.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createEventPacer } from './push/event-pacer.ts';
import { PUSH_SENDS_PER_SECOND_PER_EVENT, sendPushNoticesJob } from './push/push-notices.ts';
import { defaultUserNotifier, type UserNotifier } from './payments/user-notifier.ts';
import { createSavedCards } from './wallets/saved-cards.ts';

/** What jobs reach beyond the context: where pushes go, the log, and the app's live queue. */
export interface JobPorts {
  notify?: UserNotifier;
  logger?: FastifyBaseLogger;
  /** The app's live queue, whose writes reach this process's sockets; a worker has none. */
  liveQueue?: LiveQueue;
}

/** What each background job does. Runs in the app process or in `npm run worker`. */
export function jobHandlers(ctx: AppContext, ports: JobPorts = {}): JobHandlers {
  const logger = ports.logger ?? createLogger(ctx.config).child({ role: 'jobs' });
  const stripeConfig = ctx.config.payments.stripe;
  const stripe = stripeConfig ? createStripeClient(stripeConfig) : undefined;
  const savedCards = createSavedCards({ stripe, publishableKey: stripeConfig?.publishableKey });
  const notify = ports.notify ?? defaultUserNotifier(ctx, logger);
  // A worker has no sockets: boost totals reach the booth with its next snapshot.
  const liveQueue = ports.liveQueue ?? createLiveQueue({ db: ctx.db, publish: () => undefined });
  const boosts = createBoostSettlement({
    db: ctx.db,
    liveQueue,
    stripe,
    queue: ctx.queue,
    notify,
    logger,
  });
  return {
    'mail:send': async (message) => {
      await ctx.mail.send(message);
    },
    'stripe:event': stripeEventJob({
      db: ctx.db,
      stripe,
      notify,
      logger,
      learnCard: savedCards.learnFromSetupIntent,
    }),
    'stripe:detach-card': async ({ paymentMethodId }) => {
      await savedCards.detach(paymentMethodId);
    },
    'push:notify': sendPushNoticesJob({
      db: ctx.db,
      config: ctx.config,
      pacer: createEventPacer(PUSH_SENDS_PER_SECOND_PER_EVENT),
      logger,
    }),
    'boost:payment': async (event) => {
      await boosts.applyPaymentEvent(event);
    },
    'boost:review': async ({ eventId }) => {
      await boosts.review(eventId);
    },
    'boost:settle': async ({ boostId }) => {
      await boosts.settle(boostId);
    },
    'boost:sweep': () => boosts.sweep(),
    'maintenance:prune': pruneExpiredRowsJob({
      db: ctx.db,
      logger,
      // The worker has no sockets: a pruned guest's departures go unpushed, and the rooms'
      // polls (long-idle guests are in long-over events) catch up.
      pruneGuests: () =>
        pruneInactiveGuests(
          ctx.db,
          createLiveQueue({ db: ctx.db, publish: () => undefined }),
          ctx.config.guestRetentionDays,
        ),
    }),
  };
}
