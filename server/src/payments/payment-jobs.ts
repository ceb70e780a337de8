import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../infra/db.ts';
import type { JobHandler } from '../infra/queue.ts';
import { applyPaymentEvent, type TipPaidNotice } from './apply-payment-event.ts';
import type { PaymentEvent } from './payment-events.ts';
import type { UserNotifier } from './user-notifier.ts';

/** Tells the host, live, that a tip arrived. Called only after the tip's transaction committed. */
export function notifyTipPaid(
  notify: UserNotifier,
  notice: TipPaidNotice,
  logger: FastifyBaseLogger,
): void {
  try {
    notify.toUser(notice.hostId, 'tip:paid', {
      tipId: notice.tipId,
      amountCents: notice.amountCents,
      attendeeName: notice.attendeeName,
      eventId: notice.eventId,
    });
  } catch (error) {
    // The tip is paid either way; the dashboard shows it on its next load.
    logger.warn({ err: error, tipId: notice.tipId }, 'tip:paid push failed');
  }
}

export interface PaymentJobDeps {
  db: Db;
  /** The platform's Stripe client; undefined in demo mode. */
  stripe: Stripe | undefined;
  notify: UserNotifier;
  logger: FastifyBaseLogger;
  /** Stores a card a SetupIntent saved (wallets/saved-cards.ts); true when it stored one. */
  learnCard: (db: Db, setupIntentId: string) => Promise<boolean>;
}

/**
 * Stripe does not promise event order, so an account.updated event is
 * checked against the account as Stripe has it now: a late, older event
 * cannot set a stale status.
 */
async function withCurrentAccountState(
  stripe: Stripe | undefined,
  event: PaymentEvent,
): Promise<PaymentEvent> {
  if (event.type !== 'account.updated' || !stripe) return event;
  const account = await stripe.accounts.retrieve(event.accountId);
  return { ...event, chargesEnabled: account.charges_enabled };
}

/** The `stripe:event` job: apply once, then push a paid tip to its host. */
export function stripeEventJob(deps: PaymentJobDeps): JobHandler<'stripe:event'> {
  return async (event, job) => {
    if (event.type === 'setup_intent.succeeded') {
      const stored = await deps.learnCard(deps.db, event.setupIntentId);
      deps.logger.info(
        { stripeEvent: event.id, type: event.type, stored, jobId: job.jobId },
        'stripe event processed',
      );
      return;
    }
    const current = await withCurrentAccountState(deps.stripe, event);
    const outcome = await applyPaymentEvent(deps.db, current);
    deps.logger.info(
      { stripeEvent: event.id, type: event.type, outcome: outcome.status, jobId: job.jobId },
      'stripe event processed',
    );
    if (outcome.status === 'applied' && outcome.tipPaid) {
      notifyTipPaid(deps.notify, outcome.tipPaid, deps.logger);
    }
  };
}
