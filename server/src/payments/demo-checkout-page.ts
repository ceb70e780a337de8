import { BRAND_NAME, formatCents } from '@floorfill/shared';
import type { TipStatus } from '../infra/database-types.ts';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * The demo checkout page: a small server-rendered stand-in for Stripe
 * Checkout, clearly labelled as a demo. No script, inline styles only (the
 * CSP allows them), two plain forms that post back to this origin.
 */

export interface DemoCheckoutView {
  checkoutId: string;
  hostName: string;
  amountCents: number;
  eventName: string | null;
  status: TipStatus;
  /** Where "Back" goes when the tip is no longer pending. */
  backUrl: string;
  /** A boost's checkout says what it pays for and that it is only a hold (issue 30). */
  boost?: { songName: string };
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: #f1f3f5; color: #1a1b1e; }
  main { width: 100%; max-width: 26rem; background: #fff; border-radius: 12px; padding: 1.75rem;
    box-shadow: 0 1px 3px rgba(0,0,0,.12), 0 8px 24px rgba(0,0,0,.08); }
  .brand { margin: 0 0 1rem; font-weight: 700; letter-spacing: .02em; color: #5f3dc4; }
  .demo { margin: 0 0 1.25rem; padding: .6rem .8rem; border-radius: 8px; border: 2px solid #e67700;
    background: #fff4e6; color: #7a3e00; font-weight: 700; }
  h1 { margin: 0 0 1rem; font-size: 1.35rem; }
  dl { margin: 0 0 1.5rem; display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; }
  dt { color: #495057; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .amount { font-size: 1.5rem; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; }
  form { margin: 0; flex: 1 1 8rem; }
  button, .back { display: inline-block; width: 100%; padding: .75rem 1rem; border-radius: 8px;
    font: inherit; font-weight: 700; text-align: center; cursor: pointer; text-decoration: none; }
  .pay { border: 0; background: #5f3dc4; color: #fff; }
  .cancel { border: 2px solid #495057; background: #fff; color: #1a1b1e; }
  .back { border: 0; background: #5f3dc4; color: #fff; }
  button:focus-visible, .back:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
  .note { margin: 1.25rem 0 0; font-size: .875rem; color: #495057; }
`;

const STATUS_TEXT: Record<Exclude<TipStatus, 'pending'>, string> = {
  paid: 'This tip has been paid. Thank you!',
  expired: 'This tip was cancelled.',
  refunded: 'This tip was refunded.',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${BRAND_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${BRAND_NAME}</p>
<p class="demo" role="note">DEMO — no real payment</p>
${body}
</main>
</body>
</html>
`;
}

/** What the page says for a tip or for a boost (issue 30: the card is only held). */
const WORDING = {
  tip: {
    heading: 'Tip the host',
    payVerb: 'Pay',
    note: 'This server runs without Stripe keys, so payments are simulated: no card is asked for and no money moves. Paying marks the tip as paid exactly as a real Stripe payment would.',
  },
  boost: {
    heading: 'Boost your request',
    payVerb: 'Hold',
    note: 'You are charged only if the DJ plays this song. Otherwise the hold is released and nothing is taken. This server runs without Stripe keys, so payments are simulated: no card is asked for and no money moves.',
  },
} as const;

export function renderDemoCheckout(view: DemoCheckoutView): string {
  const action = `/demo/checkout/${encodeURIComponent(view.checkoutId)}`;
  const words = view.boost ? WORDING.boost : WORDING.tip;
  const what = view.boost
    ? `<dt>Song</dt><dd>${escapeHtml(view.boost.songName)}</dd>
<dt>DJ</dt><dd>${escapeHtml(view.hostName)}</dd>`
    : `<dt>Tip for</dt><dd>${escapeHtml(view.hostName)}</dd>`;
  const details = `<dl>
${what}
${view.eventName ? `<dt>Event</dt><dd>${escapeHtml(view.eventName)}</dd>\n` : ''}<dt>Amount</dt><dd class="amount">${formatCents(view.amountCents)}</dd>
</dl>`;
  if (view.status !== 'pending') {
    const outcome = view.boost
      ? 'This boost is no longer waiting for payment.'
      : STATUS_TEXT[view.status];
    return page(
      view.boost ? 'Boost' : 'Tip',
      `<h1>${words.heading}</h1>
${details}
<p role="status">${outcome}</p>
<a class="back" href="${escapeHtml(view.backUrl)}">Back to ${BRAND_NAME}</a>`,
    );
  }
  return page(
    'Demo checkout',
    `<h1>${words.heading}</h1>
${details}
<div class="actions">
<form method="post" action="${escapeHtml(action)}/pay"><button class="pay" type="submit">${words.payVerb} ${formatCents(view.amountCents)}</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>
<p class="note">${words.note}</p>`,
  );
}
