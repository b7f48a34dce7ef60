import * as z from 'zod/mini';
import { singleLine } from './text';

/** Base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (min: number, max: number) => z.string().check(singleLine(), z.regex(/^[A-Za-z0-9_-]+$/), z.minLength(min), z.maxLength(max));

/**
 * POST /user/push/subscriptions: a browser's `PushSubscription.toJSON()` (the extra `expirationTime`
 * it carries is allowed and ignored). `p256dh` is the browser's P-256 public key (65 bytes, 87
 * characters), `auth` its 16-byte secret (22 characters).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().check(singleLine(), z.minLength(1), z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(87, 88), auth: base64url(22, 24) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /user/push/subscriptions */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().check(singleLine(), z.minLength(1), z.maxLength(2048)) });

/** GET /user/push/public-key: the VAPID public key (base64url, uncompressed P-256) for `applicationServerKey`. */
export const pushPublicKeyReplySchema = z.object({ data: z.object({ key: z.string() }) });
export type PushPublicKeyReply = z.infer<typeof pushPublicKeyReplySchema>;

/** POST and DELETE /user/push/subscriptions: how many of the caller's browsers now get pushes. */
export const pushSubscriptionsReplySchema = z.object({ message: z.literal('success'), data: z.object({ subscriptions: z.number() }) });
export type PushSubscriptionsReply = z.infer<typeof pushSubscriptionsReplySchema>;

/**
 * What the service worker receives in a push (JSON, encrypted with aes128gcm): shown as a
 * notification; clicking it opens `url` (a path of the web app).
 */
export interface PushNotification {
  title: string;
  body: string;
  /** A path of the web app, e.g. the rental's page. */
  url: string;
  /** Notifications with one tag replace each other (one per rental). */
  tag?: string;
}
