import type { PushNotification } from '@numbernest/contracts/push';
import { log } from '../../shared/log';
import { pinnedAgent, type Resolver } from '../../shared/ssrf';
import type { PushSubscriptionItem } from './items';
import { pushTimeoutMs, pushTtlSeconds } from './keys';
import { checkPushEndpoint, listPushSubscriptions, removePushSubscription } from './subscriptions';
import { vapidKeys } from './vapid';

/** What became of one push: delivered to the push service, gone (404/410: forgotten), or failed. */
export type PushOutcome = 'sent' | 'removed' | 'failed';

export interface PushResult {
  sent: number;
  removed: number;
  failed: number;
}

export interface SendPushOptions {
  resolve?: Resolver;
  timeoutMs?: number;
}

/** The notification of an SMS: the code in the title, the text as the body; a click opens the rental. */
export function smsPushNotification(sms: { rentalId: string; service: string | null; code: string | null; text: string }): PushNotification {
  const service = sms.service?.trim() || 'SMS';
  return {
    title: sms.code ? `${service}: ${sms.code}` : service,
    body: sms.text.slice(0, 1000),
    url: `/dashboard/my-number/${encodeURIComponent(sms.rentalId)}`,
    tag: `rental-${sms.rentalId}`,
  };
}

/**
 * One encrypted push (RFC 8291 aes128gcm, VAPID-signed: web-push builds the request) to one
 * browser, through a connection pinned to the addresses the SSRF check accepted. A 404 or 410
 * means the browser unsubscribed or the subscription expired: it is forgotten.
 */
export async function sendPushTo(
  sub: string,
  subscription: PushSubscriptionItem,
  notification: PushNotification,
  options: SendPushOptions = {},
): Promise<PushOutcome> {
  const timeoutMs = options.timeoutMs ?? pushTimeoutMs;
  const target = await checkPushEndpoint(subscription.endpoint, options);
  if (target.problem !== null) {
    log.warn('push endpoint refused', { sub, problem: target.problem });
    await removePushSubscription(sub, subscription.endpoint);
    return 'removed';
  }
  // Loaded when a push is sent: web-push and undici are large for the API's functions.
  const [webPush, { request }] = await Promise.all([import('web-push'), import('undici')]);
  // web-push is CommonJS: Node's own ESM loader (the local cloud) offers its functions on `default` only.
  const { generateRequestDetails } = webPush.default ?? webPush;
  const details = generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(notification),
    { vapidDetails: vapidKeys(), TTL: pushTtlSeconds, urgency: 'high', contentEncoding: 'aes128gcm' },
  );
  const dispatcher = await pinnedAgent(target.addresses, { timeoutMs });
  try {
    const response = await request(subscription.endpoint, {
      method: 'POST',
      dispatcher,
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump().catch(() => undefined);
    if (response.statusCode === 404 || response.statusCode === 410) {
      await removePushSubscription(sub, subscription.endpoint);
      return 'removed';
    }
    if (response.statusCode >= 200 && response.statusCode < 300) return 'sent';
    log.warn('push refused by the push service', { sub, status: response.statusCode, host: new URL(subscription.endpoint).host });
    return 'failed';
  } catch (error) {
    log.warn('push failed', { sub, error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

/**
 * Sends `notification` to every browser the user subscribed, side by side; gone subscriptions are
 * removed. One call per SMS for the forwarding pipeline (a `failed` count > 0 is for it to retry).
 */
export async function sendPush(sub: string, notification: PushNotification, options: SendPushOptions = {}): Promise<PushResult> {
  const subscriptions = await listPushSubscriptions(sub);
  const outcomes = await Promise.all(subscriptions.map((subscription) => sendPushTo(sub, subscription, notification, options)));
  return {
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    removed: outcomes.filter((outcome) => outcome === 'removed').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
  };
}
