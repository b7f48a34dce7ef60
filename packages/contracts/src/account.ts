import * as z from 'zod/mini';
import { balanceDollarsSchema } from './dollars';
import { intSchema, pageNumberSchema } from './http';
import { singleLine } from './text';
import { maxNotificationPage } from './page-sizes';

/** Sounds the web app can play for a new notification (Settings: Ringtone). */
export const ringtones = ['default', 'chime', 'bell', 'pulse', 'none'] as const;
export const ringtoneSchema = z.enum(ringtones);
export type Ringtone = z.infer<typeof ringtoneSchema>;

/**
 * Account settings (the original client's labels: Notification, Ringtone, Reminders, Configure Notifications).
 * PUT /user/settings replaces them whole, so every field is required and unknown ones are a 400.
 */
export const userSettingsSchema = z.strictObject({
  /** Notification: the bell and its sound at all. */
  notification: z.boolean(),
  ringtone: ringtoneSchema,
  /** Reminders before a rental runs out. */
  reminders: z.boolean(),
  /** Configure Notifications: which events notify. */
  configure: z.strictObject({
    new_message: z.boolean(),
    balance: z.boolean(),
    rental_expiry: z.boolean(),
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Why an account is on hold: its bank disputed a card payment, or a card refund left money owed. */
export const accountHoldCauses = ['chargeback', 'card-refund'] as const;

/**
 * A card payment of the account was taken back: nothing may leave its balance until an operator
 * decides (paying back what is owed does not lift it by itself); top-ups still work.
 */
export const accountHoldSchema = z.object({ since: z.string(), cause: z.enum(accountHoldCauses) });
export type AccountHold = z.infer<typeof accountHoldSchema>;
export type AccountHoldCause = AccountHold['cause'];

/** The original client's User (auth state) plus settings. `id` is the Cognito `sub`. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** ISO time; null means not verified (balance and notifications then answer 403). */
  email_verified_at: z.nullable(z.string()),
  balance: balanceDollarsSchema,
  settings: userSettingsSchema,
  /** ISO time the account was created ("member since"). */
  created_at: z.string(),
  /** The caller may open the operator console (`/ops`). */
  operator: z.boolean(),
  /** null unless the account is on hold. */
  account_hold: z.nullable(accountHoldSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /user */
export const userReplySchema = z.object({ data: userSchema });
/** GET /user/balance (the original client compares `message` with 'success': docs/decisions/0011-original-client-contract.md). */
export const balanceReplySchema = z.object({ message: z.literal('success'), balance: balanceDollarsSchema, account_hold: z.nullable(accountHoldSchema) });
export type BalanceReply = z.infer<typeof balanceReplySchema>;

/** A notification as the original client reads it: read_at null means unread. */
export const notificationSchema = z.object({
  id: z.string(),
  read_at: z.nullable(z.string()),
  created_at: z.string(),
  data: z.object({
    title: z.string(),
    message: z.string(),
    /** What it is about: 'top-up', 'transfer', … (absent on older notifications). */
    kind: z.optional(z.string()),
    /** A translation key and values, so the web words it in the interface language (title and message in English otherwise). */
    key: z.optional(z.string()),
    params: z.optional(z.record(z.string(), z.string())),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.strictObject({
  page: pageNumberSchema(maxNotificationPage),
});

/** GET /user/notifications?page=n: "response data holds a paging object whose inner data is the item array". */
export const notificationPageSchema = z.object({
  current_page: intSchema(),
  per_page: intSchema(),
  data: z.array(notificationSchema),
  /** null on the last page. */
  next_page: z.nullable(intSchema()),
  /** Unread notifications of the whole account (the bell's badge), not only of this page. */
  unread_count: intSchema(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const notificationsReplySchema = z.object({ data: notificationPageSchema });

/** Notification ids sort by time: base-36 time then random hex. */
export const notificationIdSchema = z.string().check(singleLine(), z.regex(/^[0-9a-z]{1,64}$/));
export const readNotificationRequestSchema = z.strictObject({ id: notificationIdSchema });
export type ReadNotificationRequest = z.infer<typeof readNotificationRequestSchema>;

/** Replies of actions (mark read, mark all read, settings, logout, delete): the original client checks `status`. */
export const statusReplySchema = z.object({ status: z.literal('success'), message: z.string() });
export type StatusReply = z.infer<typeof statusReplySchema>;
export const settingsReplySchema = z.extend(statusReplySchema, { data: userSettingsSchema });

/**
 * POST /logout (every session ends). `revoke_api_access`: the API keys are revoked and the SMS
 * webhook's URL cleared too (offered with a password change; a password reset always does it).
 */
export const logoutRequestSchema = z.strictObject({ revoke_api_access: z.optional(z.boolean()) });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
export type SettingsReply = z.infer<typeof settingsReplySchema>;
