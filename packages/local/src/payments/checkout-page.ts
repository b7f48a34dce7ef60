import { formatDollars } from '@numbernest/core/pricing';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface CheckoutPageInput {
  /** The provider's name as a person knows it, e.g. "Stripe (local sandbox)". */
  title: string;
  amountCents: number;
  currency: string;
  /** Lines shown under the amount: merchant, order id, payer… */
  details: Array<[string, string]>;
  /** Form targets of the two buttons (POST); hidden fields go with both. */
  payAction: string;
  cancelAction: string;
  hidden?: Record<string, string>;
}

/**
 * The one look of every sandbox checkout: amount, details, Pay and Cancel. Plain HTML and a
 * form per button, so a person, Playwright and a test's fetch can all use it.
 */
export function renderCheckoutPage(page: CheckoutPageInput): string {
  const hidden = Object.entries(page.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const details = page.details.map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(page.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1d2433;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0002;padding:32px;width:min(420px,92vw)}
h1{font-size:1.1rem;margin:0 0 4px}.note{color:#667;font-size:.85rem;margin:0 0 20px}
.amount{font-size:2.2rem;font-weight:700;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:.9rem;margin:0 0 24px}
dt{color:#667}dd{margin:0;word-break:break-all}.actions{display:flex;gap:12px}form{flex:1;margin:0}
button{width:100%;padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#2f6bff;color:#fff}.cancel{background:#e8ebf3;color:#1d2433}
</style></head><body><main>
<h1>${escape(page.title)}</h1><p class="note">A local stand-in: no real money moves.</p>
<p class="amount" data-testid="sandbox-amount">${escape(formatDollars(page.amountCents))} ${escape(page.currency)}</p>
<dl>${details}</dl>
<div class="actions">
<form method="post" action="${escape(page.cancelAction)}">${hidden}<button class="cancel" type="submit">Cancel</button></form>
<form method="post" action="${escape(page.payAction)}">${hidden}<button class="pay" type="submit">Pay</button></form>
</div></main></body></html>`;
}

/** 303 to where the provider sends the browser next. */
export function redirect(res: import('node:http').ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}
