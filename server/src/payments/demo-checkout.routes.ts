import { randomBytes } from 'node:crypto';
import { TIP_RETURN } from '@floorfill/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { renderDemoCheckout } from './demo-checkout-page.ts';
import type { PaymentEvent } from './payment-events.ts';
import { notifyTipPaid } from './payment-jobs.ts';
import * as repo from './payments.repository.ts';
import { DEMO_CHECKOUT_PATH, type PaymentsService } from './payments.service.ts';

interface CheckoutParams {
  id: string;
}

const CHECKOUT_ID = /^demo_cs_[\w-]{16,64}$/;

const demoEventId = () => `demo_evt_${randomBytes(16).toString('hex')}`;

/**
 * The demo checkout (embedded default, no Stripe keys): a local page stands in
 * for Stripe Checkout. Pay and Cancel build the same events a Stripe webhook
 * brings and go through the same applyPaymentEvent, then send the browser
 * back to the page the tip started from. With Stripe keys every route is 404.
 */
export const demoCheckoutRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const { db } = app.ctx;
  const enabled = payments.mode === 'demo';

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

  app.get<{ Params: CheckoutParams }>(`${DEMO_CHECKOUT_PATH}/:id`, async (request, reply) => {
    const tip = await findCheckout(request.params.id);
    if (!tip) return notFoundPage(reply);
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
    makeEvent: (tip: { id: number; checkout_session_id: string }) => PaymentEvent,
  ) {
    const tip = await findCheckout(id);
    if (!tip) return notFoundPage(reply);
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

  app.post<{ Params: CheckoutParams }>(`${DEMO_CHECKOUT_PATH}/:id/pay`, (request, reply) =>
    complete(request.params.id, reply, (tip) => ({
      id: demoEventId(),
      type: 'checkout.session.completed',
      checkoutSessionId: tip.checkout_session_id,
      tipId: tip.id,
      paymentIntentId: `demo_pi_${randomBytes(12).toString('hex')}`,
      paid: true,
    })),
  );

  app.post<{ Params: CheckoutParams }>(`${DEMO_CHECKOUT_PATH}/:id/cancel`, (request, reply) =>
    complete(request.params.id, reply, (tip) => ({
      id: demoEventId(),
      type: 'checkout.session.expired',
      checkoutSessionId: tip.checkout_session_id,
      tipId: tip.id,
    })),
  );
};
