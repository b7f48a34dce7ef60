import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PaymentProvider } from '@numbernest/contracts';
import { parseForm, parseAmountText } from '@numbernest/core/money';
import { readBody, sendHtml } from '../http';
import { redirect, renderCheckoutPage, type CheckoutPageInput } from './checkout-page';
import { deliver, type SandboxContext, type SandboxNotification } from './types';

/**
 * What the Stripe, Perfect Money and Payeer sandboxes share: the checkout page under
 * `/_local/<provider>/checkout/<id>` with its Pay and Cancel, the delivery of the signed
 * notification, and the stable ids and times that make a replayed notification byte-identical.
 */

export interface SandboxCheckout {
  page: Omit<CheckoutPageInput, 'payAction' | 'cancelAction'>;
  /** The notification the provider sends once this checkout is paid. */
  notification: () => SandboxNotification;
  /** Where the provider posts it (a per-payment status URL); default the app's webhook route. */
  notifyUrl?: string;
  successUrl: string;
  cancelUrl: string;
  /** Called once the app took the notification. */
  onPaid?: () => void;
}

export interface SandboxCheckouts {
  /** Keeps a checkout (under `id`, default a random one) and answers its page URL. */
  add(checkout: SandboxCheckout, id?: string): string;
  /** Serves the page, Pay and Cancel; false for other paths. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

type KeptCheckout = SandboxCheckout & { paid?: boolean };

export function createSandboxCheckouts(context: SandboxContext, provider: PaymentProvider): SandboxCheckouts {
  const prefix = `/_local/${provider}/checkout/`;
  const checkouts = new Map<string, KeptCheckout>();

  async function pay(res: ServerResponse, checkout: KeptCheckout): Promise<void> {
    const notification = checkout.notification();
    const target = checkout.notifyUrl ? new URL(checkout.notifyUrl) : undefined;
    const sent = target ? { ...notification, path: target.pathname, query: target.search.slice(1) } : notification;
    const reply = await deliver(target?.origin ?? context.appUrl, sent).catch((error: Error) => ({ status: 0, body: error.message }));
    context.log(`${provider} sandbox: notification ${sent.path} -> ${reply.status} ${reply.body.slice(0, 200)}`);
    // A refused notification stays on screen: redirecting would hide it from the person testing.
    if (reply.status < 200 || reply.status >= 300) {
      return sendErrorPage(res, 502, `${checkout.page.title}: the shop refused the notification`, `HTTP ${reply.status}: ${reply.body}`);
    }
    checkout.paid = true;
    checkout.onPaid?.();
    redirect(res, checkout.successUrl);
  }

  return {
    add(checkout, id = randomBytes(12).toString('hex')) {
      checkouts.set(id, checkout);
      return `${context.appUrl}${prefix}${id}`;
    },
    async handle(req, res, url) {
      const match = url.pathname.startsWith(prefix) ? /^([\w-]+)(?:\/(pay|cancel))?$/.exec(url.pathname.slice(prefix.length)) : null;
      if (!match) return false;
      const [, id, action] = match;
      const checkout = checkouts.get(id!);
      if (!checkout) sendErrorPage(res, 404, 'Checkout not found', 'This checkout does not exist (the local cloud keeps checkouts in memory only).');
      else if (checkout.paid) sendErrorPage(res, 409, checkout.page.title, 'This checkout is already paid.');
      else if (req.method === 'GET' && !action) {
        const actions = { payAction: `${prefix}${id}/pay`, cancelAction: `${prefix}${id}/cancel` };
        sendHtml(res, 200, renderCheckoutPage({ ...checkout.page, ...actions }));
      } else if (req.method === 'POST' && action === 'pay') await pay(res, checkout);
      else if (req.method === 'POST' && action === 'cancel') redirect(res, checkout.cancelUrl);
      else sendErrorPage(res, 405, 'Method not allowed', 'Open the checkout page and use its Pay or Cancel button.');
      return true;
    },
  };
}

/** The fields a browser sent: the form body of a POST, the query of a GET. */
export async function readFields(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  if (req.method === 'POST') return parseForm((await readBody(req)).toString('utf8'));
  return Object.fromEntries(url.searchParams);
}

/** A form's amount text in cents, or undefined when it is not one (the page shows the error). */
export function amountCentsOrUndefined(text: string | undefined): number | undefined {
  try {
    return parseAmountText(text ?? '');
  } catch {
    return undefined;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own error page (bad signature, unknown account…), plain so a person reads it. */
export function sendErrorPage(res: ServerResponse, status: number, title: string, message: string): void {
  sendHtml(
    res,
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto"><h1>${escapeHtml(title)}</h1>` +
      `<p data-testid="sandbox-error">${escapeHtml(message)}</p></body></html>`,
  );
}

const sha256Hex = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** A provider payment id derived from a seed (the top-up id): the same top-up gives the same id. */
export const derivedHexId = (seed: string, length: number) => sha256Hex(seed).slice(0, length);
export function derivedNumericId(seed: string, digits: number): string {
  const lowest = 10n ** BigInt(digits - 1);
  return String(lowest + (BigInt(`0x${sha256Hex(seed)}`) % (9n * lowest)));
}

const paymentTimes = new Map<string, Date>();
/** When a payment happened: fixed at first use, so notifying the same payment again repeats the same bytes. */
export function paymentTime(key: string): Date {
  let time = paymentTimes.get(key);
  if (!time) paymentTimes.set(key, (time = new Date(Math.floor(Date.now() / 1000) * 1000)));
  return time;
}
