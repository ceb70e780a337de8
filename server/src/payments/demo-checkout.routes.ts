import { randomBytes } from 'node:crypto';
import { BOOST_RETURN, TIP_RETURN } from '@floorfill/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, mediaResponse, redirectResponse } from '../http/responses.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { renderDemoCheckout } from './demo-checkout-page.ts';
import type { PaymentEvent } from './payment-events.ts';
import { notifyTipPaid } from './payment-jobs.ts';
import * as repo from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import { DEMO_CHECKOUT_PATH } from './tip-payments.ts';

const checkoutParams = z.object({
  id: z.string().meta({ description: 'The demo checkout session, demo_cs_…' }),
});

/** The page's Pay and Cancel buttons post a form without fields. */
const pageForm = z.object({});

const CHECKOUT_ID = /^demo_cs_[\w-]{16,64}$/;

const demoEventId = () => `demo_evt_${randomBytes(16).toString('hex')}`;

/**
 * The demo checkout (embedded default, no Stripe keys): a local page stands in
 * for Stripe Checkout. Pay and Cancel build the same events a Stripe webhook
 * brings and go through the same applyPaymentEvent, then send the browser
 * back to the page the tip started from. With Stripe keys every route is 404.
 */
export const demoCheckoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const { db } = app.ctx;
  const { boosts } = app.services;
  const enabled = payments.mode === 'demo';
  const tags = ['Payments'];
  const completion = (summary: string) => ({
    tags,
    summary,
    params: checkoutParams,
    // The page posts a form; a script may post JSON or multipart, as to any route.
    consumes: ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'],
    body: pageForm,
    response: {
      303: redirectResponse(
        'Back to the page the tip started from, with ?tip=success or ?tip=cancelled.',
      ),
      ...errorResponses,
    },
  });

  // The page's forms post url-encoded (empty) bodies; only this scope needs to read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function findCheckout(id: string) {
    if (!enabled || !CHECKOUT_ID.test(id)) return undefined;
    return repo.findDemoCheckout(db, id);
  }

  function notFoundPage(reply: FastifyReply) {
    return reply.callNotFound();
  }

  const page = {
    tags,
    summary: 'The DEMO checkout page that stands in for Stripe Checkout (demo mode only)',
    params: checkoutParams,
    response: {
      200: mediaResponse('text/html', 'The DEMO checkout page.', z.string()),
      ...errorResponses,
    },
  };
  app.get(`${DEMO_CHECKOUT_PATH}/:id`, { schema: page }, async (request, reply) => {
    const tip = await findCheckout(request.params.id);
    if (!tip) {
      const boost = enabled ? await boosts.findDemoCheckout(db, request.params.id) : undefined;
      if (!boost) return notFoundPage(reply);
      const html = renderDemoCheckout({
        checkoutId: request.params.id,
        hostName: boost.hostName,
        amountCents: boost.amountCents,
        eventName: boost.eventName,
        status: boost.pending ? 'pending' : 'expired',
        backUrl: boost.returnUrl,
        boost: { songName: boost.songName },
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    }
    const outcome = tip.status === 'paid' ? TIP_RETURN.success : TIP_RETURN.cancelled;
    const html = renderDemoCheckout({
      checkoutId: tip.checkout_session_id,
      hostName: tip.host_display_name?.trim() || tip.host_name || 'the host',
      amountCents: tip.amount_cents,
      eventName: tip.event_name,
      status: tip.status,
      backUrl: payments.returnUrl(tip.return_path ?? '/attendee/dashboard', outcome),
    });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });

  /** Applies the demo event, pushes a paid tip, and redirects by where the tip ended up. */
  async function complete(
    id: string,
    reply: FastifyReply,
    paid: boolean,
    makeEvent: (tip: { id: number; checkout_session_id: string }) => PaymentEvent,
  ) {
    const tip = await findCheckout(id);
    if (!tip) return completeBoost(id, reply, paid);
    const outcome = await applyPaymentEvent(db, makeEvent(tip));
    if (outcome.status === 'applied' && outcome.tipPaid) {
      notifyTipPaid(app.realtime, outcome.tipPaid, reply.log);
    }
    const after = await findCheckout(id);
    const result = after?.status === 'paid' ? TIP_RETURN.success : TIP_RETURN.cancelled;
    return reply.redirect(
      payments.returnUrl(tip.return_path ?? '/attendee/dashboard', result),
      303,
    );
  }

  /**
   * A boost's demo checkout: Pay holds it (as Stripe's amount_capturable_updated
   * would), Cancel abandons it (as an expired session would); back to the
   * guest's event page.
   */
  async function completeBoost(id: string, reply: FastifyReply, paid: boolean) {
    const boost = enabled ? await boosts.findDemoCheckout(db, id) : undefined;
    if (!boost) return notFoundPage(reply);
    await boosts.applyDemoPayment({
      id: demoEventId(),
      type: paid ? 'payment_intent.amount_capturable_updated' : 'checkout.session.expired',
      boostId: boost.id,
      paymentIntentId: paid ? `demo_pi_${randomBytes(12).toString('hex')}` : null,
      checkoutSessionId: id,
    });
    return reply.redirect(
      boosts.returnUrl(boost.eventId, paid ? BOOST_RETURN.held : BOOST_RETURN.cancelled),
      303,
    );
  }

  const pay = completion('Pay the demo tip, then back to the page it started from');
  app.post(`${DEMO_CHECKOUT_PATH}/:id/pay`, { schema: pay }, (request, reply) =>
    complete(request.params.id, reply, true, (tip) => ({
      id: demoEventId(),
      type: 'checkout.session.completed',
      checkoutSessionId: tip.checkout_session_id,
      tipId: tip.id,
      paymentIntentId: `demo_pi_${randomBytes(12).toString('hex')}`,
      paid: true,
    })),
  );

  const cancel = completion('Cancel the demo tip, then back to the page it started from');
  app.post(`${DEMO_CHECKOUT_PATH}/:id/cancel`, { schema: cancel }, (request, reply) =>
    complete(request.params.id, reply, false, (tip) => ({
      id: demoEventId(),
      type: 'checkout.session.expired',
      checkoutSessionId: tip.checkout_session_id,
      tipId: tip.id,
    })),
  );
};
