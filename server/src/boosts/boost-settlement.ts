import type { BoostReason } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { BoostStatus } from '../infra/database-types.ts';
import type { Db, DbOrTrx } from '../infra/db.ts';
import type { JobQueue } from '../infra/queue.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import { recordWebhookEvent } from '../payments/payments.repository.ts';
import { isStripeError } from '../payments/stripe-client.ts';
import type { UserNotifier } from '../payments/user-notifier.ts';
import { listRejected } from '../live-queue/rejected-songs.repository.ts';
import * as repo from './boosts.repository.ts';
import type { BoostEventRow, BoostRow } from './boosts.repository.ts';
import type { BoostPaymentEvent } from './boost-payment-events.ts';

/**
 * When a boost's money is taken or let go (issue 30). Decisions are made
 * under the event's lock (`liveQueue.changeBoosts`), so a song being played
 * and rejected at the same moment cannot both charge and release a boost:
 * whichever commits first decides, and the other finds the boost settled.
 * A decision (`capturing`, `releasing`) is then carried out at Stripe by the
 * `boost:settle` job, with one idempotency key per boost and action, and
 * confirmed by the call's answer or by the webhook, whichever comes first.
 */

/** A hold older than this is released: Stripe cancels an uncaptured payment after 7 days, and card networks may drop one sooner. */
export const HOLD_RELEASE_AFTER_MS = 5 * 24 * 3600_000;
/** A boost whose payment is not finished after this long is let go (the checkout page expires by then). */
export const PENDING_GIVE_UP_AFTER_MS = 2 * 3600_000;
/** Checkout pages for boosts expire after this long (Stripe's minimum is 30 minutes). */
export const BOOST_CHECKOUT_EXPIRES_SECONDS = 30 * 60;
/** A decision whose Stripe call has not been confirmed for this long is tried again by the sweep. */
const RETRY_DECISION_AFTER_SECONDS = 60;

/** A payment event for a boost whose row is not committed yet: the job fails and is retried. */
export class BoostNotReadyError extends Error {
  override name = 'BoostNotReadyError';
}

export interface BoostSettlementDeps {
  db: Db;
  liveQueue: LiveQueue;
  /** The platform's Stripe client; undefined in demo mode. */
  stripe: Stripe | undefined;
  queue: JobQueue;
  notify: UserNotifier;
  logger: FastifyBaseLogger;
  /** The clock, in milliseconds (tests move it days on). */
  now?: () => number;
}

interface Decision {
  boostId: number;
  status: BoostStatus;
}

/** A Stripe refusal that trying again will not change (a 4xx other than rate limiting). */
function isFinalRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    isStripeError(error) &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 429
  );
}

export function createBoostSettlement(deps: BoostSettlementDeps) {
  const { db, liveQueue, stripe, queue, notify, logger } = deps;
  const now = deps.now ?? Date.now;

  /** Tells the guest where their boost stands (a push; their page also reads it on load). */
  function tellGuest(row: BoostRow): void {
    if (row.attendee_id === null) return;
    try {
      notify.toUser(row.attendee_id, 'boost:updated', { boost: repo.toBoost(row) });
    } catch (error) {
      logger.warn({ err: error, boostId: row.id }, 'boost push failed');
    }
  }

  async function tellGuests(boostIds: readonly number[]): Promise<void> {
    for (const id of boostIds) {
      const row = await repo.findBoost(db, id);
      if (row) tellGuest(row);
    }
  }

  /** Each decided boost goes to the settle job (one job per boost and decision). */
  async function enqueueSettles(decisions: readonly Decision[]): Promise<void> {
    for (const { boostId, status } of decisions) {
      if (status !== 'capturing' && status !== 'releasing') continue;
      await queue.enqueue('boost:settle', { boostId }, { jobId: `boost-${status}-${boostId}` });
    }
  }

  /** Has the play a held boost waits on lasted long enough, ended too soon, or not yet decided? */
  function playOutcome(
    boost: BoostRow,
    event: BoostEventRow,
    request: { status: number; played_at: Date | null },
  ): 'counts' | 'cut_short' | 'playing' | 'waiting' {
    const countsAfterMs = event.boost_counts_after_seconds * 1000;
    const started = event.now_playing_started_at;
    if (event.now_playing_song_id === boost.song_id && started) {
      return now() - started.getTime() >= countsAfterMs ? 'counts' : 'playing';
    }
    if (request.status !== 1) return 'waiting';
    // The play ended (its requests were marked played when the next song began, or by the host).
    if (!boost.play_started_at || !request.played_at) return 'counts';
    const lasted = request.played_at.getTime() - boost.play_started_at.getTime();
    return lasted >= countsAfterMs ? 'counts' : 'cut_short';
  }

  /** What to do with one open boost now; undefined: nothing yet. */
  async function decide(
    trx: DbOrTrx,
    boost: BoostRow,
    event: BoostEventRow | undefined,
    rejected: Set<string>,
  ): Promise<{ status: BoostStatus; reason?: BoostReason; playStartedAt?: Date } | undefined> {
    const ended = !event || event.ended;
    if (boost.status === 'pending') {
      if (ended) return { status: 'releasing', reason: 'event_ended' };
      if (now() - boost.created_at.getTime() > PENDING_GIVE_UP_AFTER_MS) {
        return { status: 'releasing', reason: 'abandoned' };
      }
      return undefined;
    }
    if (ended) return { status: 'releasing', reason: 'event_ended' };
    if (rejected.has(boost.song_id)) return { status: 'releasing', reason: 'rejected' };
    const request =
      boost.attendee_id === null
        ? undefined
        : await repo.findOwnRequest(trx, boost.event_id, boost.attendee_id, boost.song_id);
    if (!request) return { status: 'releasing', reason: 'cancelled' };
    const outcome = playOutcome(boost, event, request);
    if (outcome === 'counts') return { status: 'capturing' };
    if (outcome === 'cut_short') return { status: 'releasing', reason: 'cut_short' };
    if (boost.held_at && now() - boost.held_at.getTime() > HOLD_RELEASE_AFTER_MS) {
      return { status: 'releasing', reason: 'hold_expiring' };
    }
    const started = event.now_playing_started_at;
    if (
      outcome === 'playing' &&
      started &&
      boost.play_started_at?.getTime() !== started.getTime()
    ) {
      return { status: boost.status, playStartedAt: started };
    }
    return undefined;
  }

  /**
   * Looks at every open boost of the event and decides what it can: release
   * (the night ended, the song was rejected, the guest cancelled, the play
   * was cut short, the hold is getting old, the payment was never finished)
   * or charge (the song has played for the host's "counts as played" time).
   * Safe to run any number of times, on any node.
   */
  async function review(eventId: number): Promise<Decision[]> {
    // Most events have no open boost: they are not locked for nothing.
    if (!(await repo.hasOpenBoosts(db, eventId))) return [];
    const decisions = await liveQueue.changeBoosts<Decision[]>(
      eventId,
      async (trx) => {
        const open = await repo.lockOpenBoosts(trx, eventId);
        if (open.length === 0) return { result: [], songIds: [] };
        const event = await repo.findBoostEvent(trx, eventId);
        const rejected = await listRejected(
          trx,
          eventId,
          open.map((boost) => boost.song_id),
        );
        const decided: Decision[] = [];
        const songIds = new Set<string>();
        for (const boost of open) {
          const decision = await decide(trx, boost, event, rejected);
          if (!decision) continue;
          if (decision.playStartedAt) {
            await repo.notePlayStart(trx, boost.id, decision.playStartedAt);
          } else {
            await repo.moveBoost(trx, boost.id, {
              status: decision.status,
              reason: decision.reason ?? null,
            });
            decided.push({ boostId: boost.id, status: decision.status });
          }
          songIds.add(boost.song_id);
        }
        return { result: decided, songIds: [...songIds] };
      },
      async () => [],
    );
    await enqueueSettles(decisions);
    return decisions;
  }

  /** Ends a decided boost as Stripe answered, under the event's lock; the guest (and maybe host) hear. */
  async function finish(boost: BoostRow, from: BoostStatus, move: repo.BoostMove): Promise<void> {
    const moved = await liveQueue.changeBoosts(
      boost.event_id,
      async (trx) => {
        const current = await repo.lockBoost(trx, boost.id);
        if (current?.status !== from) return { result: false, songIds: [] };
        await repo.moveBoost(trx, boost.id, move);
        return { result: true, songIds: [boost.song_id] };
      },
      async () => false,
    );
    if (!moved) return;
    const after = await repo.findBoost(db, boost.id);
    if (!after) return;
    tellGuest(after);
    if (move.captureFailed && after.host_id !== null) {
      notify.toUser(after.host_id, 'boost:capture-failed', {
        eventId: after.event_id,
        boostId: after.id,
        songName: after.song_name,
        amountCents: after.amount_cents,
        currency: after.currency,
      });
    }
  }

  /** Takes the money of a boost whose song counted as played. */
  async function capture(boost: BoostRow, client: Stripe): Promise<void> {
    const intentId = boost.payment_intent_id;
    if (!intentId) {
      await finish(boost, 'capturing', {
        status: 'failed',
        reason: 'capture_failed',
        captureFailed: true,
      });
      return;
    }
    try {
      await client.paymentIntents.capture(
        intentId,
        {},
        { idempotencyKey: `floorfill-boost-capture-${boost.id}` },
      );
      await finish(boost, 'capturing', { status: 'captured' });
    } catch (error) {
      if (!isFinalRefusal(error)) throw error;
      logger.warn({ err: error, boostId: boost.id }, 'boost capture refused');
      const intent = await client.paymentIntents.retrieve(intentId);
      if (intent.status === 'succeeded') {
        await finish(boost, 'capturing', { status: 'captured' });
        return;
      }
      await finish(boost, 'capturing', {
        status: 'failed',
        reason: 'capture_failed',
        captureFailed: true,
      });
    }
  }

  /** Lets a boost's hold go (or its unfinished checkout). */
  async function release(boost: BoostRow, client: Stripe): Promise<void> {
    let intentId = boost.payment_intent_id;
    if (!intentId && boost.checkout_session_id) {
      const session = await client.checkout.sessions.retrieve(boost.checkout_session_id);
      if (session.status === 'open') {
        await client.checkout.sessions.expire(
          boost.checkout_session_id,
          {},
          { idempotencyKey: `floorfill-boost-expire-${boost.id}` },
        );
        await finish(boost, 'releasing', { status: 'released' });
        return;
      }
      intentId =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null);
    }
    if (!intentId) {
      await finish(boost, 'releasing', { status: 'released' });
      return;
    }
    try {
      await client.paymentIntents.cancel(
        intentId,
        {},
        { idempotencyKey: `floorfill-boost-cancel-${boost.id}` },
      );
      await finish(boost, 'releasing', { status: 'released', paymentIntentId: intentId });
    } catch (error) {
      if (!isFinalRefusal(error)) throw error;
      // Already cancelled (Stripe's own expiry), or never authorised: where it stands decides.
      const intent = await client.paymentIntents.retrieve(intentId);
      if (intent.status === 'succeeded') {
        await finish(boost, 'releasing', { status: 'captured', paymentIntentId: intentId });
      } else {
        await finish(boost, 'releasing', { status: 'released', paymentIntentId: intentId });
      }
    }
  }

  /** The `boost:settle` job: carries a decision out (demo boosts move no money). */
  async function settle(boostId: number): Promise<void> {
    const boost = await repo.findBoost(db, boostId);
    if (!boost) return;
    if (boost.status === 'capturing') {
      if (boost.is_demo || !stripe) await finish(boost, 'capturing', { status: 'captured' });
      else await capture(boost, stripe);
    } else if (boost.status === 'releasing') {
      if (boost.is_demo || !stripe) await finish(boost, 'releasing', { status: 'released' });
      else await release(boost, stripe);
    }
  }

  /**
   * A Stripe event (or the demo checkout's stand-in) about a boost's
   * payment, applied once: the event id is recorded in the same transaction
   * as its effect. Stripe's word on the money wins over a decision not yet
   * carried out (a capture it confirms is charged, a cancel released).
   */
  async function applyPaymentEvent(event: BoostPaymentEvent): Promise<'applied' | 'ignored'> {
    const eventId = await eventOfPayment(event);
    if (eventId === undefined) return 'ignored';
    const applied = await liveQueue.changeBoosts<BoostRow | undefined>(
      eventId,
      async (trx) => {
        if (!(await recordWebhookEvent(trx, event.id, event.type))) {
          return { result: undefined, songIds: [] };
        }
        const boost = await repo.lockBoostOfPayment(trx, event);
        if (!boost) return { result: undefined, songIds: [] };
        const move = moveFor(boost, event);
        if (!move) return { result: undefined, songIds: [boost.song_id] };
        await repo.moveBoost(trx, boost.id, move);
        return { result: boost, songIds: [boost.song_id] };
      },
      async () => undefined,
    );
    if (!applied) return 'ignored';
    await tellGuests([applied.id]);
    // A hold that arrives after the song was already decided (rejected, played) is settled now.
    await review(applied.event_id);
    return 'applied';
  }

  async function eventOfPayment(event: BoostPaymentEvent): Promise<number | undefined> {
    const row = await repo.findBoostOfPayment(db, event);
    if (!row && event.boostId !== null) {
      // The boost's row commits just after its Stripe call: the job tries again shortly.
      throw new BoostNotReadyError(`boost ${event.boostId} not stored yet`);
    }
    return row?.event_id;
  }

  return {
    review,
    settle,
    applyPaymentEvent,
    tellGuests,
    enqueueSettles,

    /**
     * The safety net behind the fast paths (a job per queue change): every
     * event with boosts still open is reviewed, and decisions whose Stripe
     * call never got confirmed are tried again.
     */
    async sweep(): Promise<void> {
      for (const eventId of await repo.eventsWithOpenBoosts(db, 500)) {
        try {
          await review(eventId);
        } catch (error) {
          logger.warn({ err: error, eventId }, 'boost review failed');
        }
      }
      const stuck = await repo.unsettledDecisions(db, RETRY_DECISION_AFTER_SECONDS, 500);
      await enqueueSettles(stuck.map((row) => ({ boostId: row.id, status: row.status })));
    },
  };
}

/** The move a payment event makes, or undefined when it changes nothing (out of order, or settled). */
function moveFor(boost: BoostRow, event: BoostPaymentEvent): repo.BoostMove | undefined {
  const open = boost.status === 'pending' || boost.status === 'held';
  const undecided = open || boost.status === 'capturing' || boost.status === 'releasing';
  switch (event.type) {
    case 'checkout.session.completed':
      // Authorised, not paid: the PaymentIntent's own events say when it is held.
      return boost.payment_intent_id || !event.paymentIntentId
        ? undefined
        : { status: boost.status, paymentIntentId: event.paymentIntentId };
    case 'payment_intent.amount_capturable_updated':
      return boost.status === 'pending'
        ? { status: 'held', paymentIntentId: event.paymentIntentId }
        : undefined;
    case 'payment_intent.succeeded':
      return undecided ? { status: 'captured', paymentIntentId: event.paymentIntentId } : undefined;
    case 'payment_intent.canceled':
      return undecided
        ? {
            status: 'released',
            reason: (boost.reason as BoostReason | null) ?? 'hold_expiring',
            paymentIntentId: event.paymentIntentId,
          }
        : undefined;
    case 'payment_intent.payment_failed':
      return boost.status === 'pending'
        ? { status: 'failed', reason: 'payment_failed', paymentIntentId: event.paymentIntentId }
        : undefined;
    case 'checkout.session.expired':
      return boost.status === 'pending' ? { status: 'failed', reason: 'abandoned' } : undefined;
  }
}

export type BoostSettlement = ReturnType<typeof createBoostSettlement>;
