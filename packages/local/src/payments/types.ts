import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PaymentProvider } from '@numbernest/contracts';

/**
 * A payment provider's local stand-in: its API endpoints (where it has them), a checkout page with
 * Pay and Cancel, and the notification it sends, signed exactly as the provider signs it. Pay
 * posts that notification to the app's real webhook route, then sends the browser to the success
 * URL the checkout was made with; Cancel sends it to the cancel URL.
 */
export interface PaymentSandbox {
  provider: PaymentProvider;
  /** Serves this sandbox's paths on the one port; resolves false when the path is not its own. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export interface SandboxContext {
  /** The local cloud's origin, e.g. http://localhost:3000: webhooks are posted to `${appUrl}/api/webhooks/{provider}`. */
  appUrl: string;
  log: (line: string) => void;
}

/**
 * What tests (and the sandbox's own Pay button) use to make a provider notification for a top-up.
 * Defaults give the authentic notification of a successful payment; each option makes one kind of
 * bad or unusual one.
 */
export interface NotificationOptions {
  topUpId: string;
  amountCents: number;
  /** The provider's id of this payment; the same id gives the same bytes (a replay). Default derived from topUpId. */
  paymentId?: string;
  /** Default: the currency the adapter makes checkouts in. */
  currency?: string;
  /** Default: the configured merchant account (payee, shop id, merchant id). */
  merchant?: string;
  /** Default 'paid'; 'failed' is the provider's cancelled/failed status. */
  status?: 'paid' | 'failed';
  /** Sign with this secret (or key) instead of the configured one: a forgery. */
  forgeWithSecret?: string;
  /** Change the amount in the body after signing: an altered notification. */
  alterAmountCents?: number;
  /** When the provider sends it (epoch ms; default now), for providers that sign the time of sending. */
  sentAt?: number;
  /** Stripe: the checkout session's metadata, which its events echo (default: the top-up id alone). */
  metadata?: Record<string, string>;
}

/** A notification exactly as the provider sends it: POST `path` on the app with these headers and body bytes. */
export interface SandboxNotification {
  path: string;
  /** Query string (without '?'), for providers that put anything there; usually ''. */
  query: string;
  headers: Record<string, string>;
  body: string;
}

export type NotificationMaker = (options: NotificationOptions) => SandboxNotification;

export const webhookPath = (provider: PaymentProvider) => `/api/webhooks/${provider}`;

/** POSTs a notification to the app and answers its reply (status and text). */
export async function deliver(appUrl: string, notification: SandboxNotification): Promise<{ status: number; body: string }> {
  const url = `${appUrl}${notification.path}${notification.query ? `?${notification.query}` : ''}`;
  const response = await fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
  return { status: response.status, body: await response.text() };
}
