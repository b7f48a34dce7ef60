import type { RateLimit } from './window';

/**
 * The limits on public writes, per client IP (API Gateway's `requestContext.http.sourceIp`).
 * Public routes that create data: only the contact form (POST /api/get-numbers only reads, the
 * webhooks check their senders' signatures, handler_api counts per key). A person sends one
 * message in minutes; 30 a minute from one address is a script.
 */
export const contactFormLimit: RateLimit = {
  scope: 'contact',
  code: 'CONTACT_LIMIT',
  limit: 30,
  windowSeconds: 60,
  message: 'Too many messages from your address; try again in a minute',
};

/*
 * Per signed-in user (their Cognito sub) on writes that make work elsewhere: each webhook test or
 * redelivery is a request from our network to an address the user chose, and each top-up makes a
 * checkout at a payment provider (their API quotas are ours). A person clicks a few times; the
 * limits sit well above that and far below a loop.
 */
export const webhookTestLimit: RateLimit = {
  scope: 'webhook-test',
  code: 'WEBHOOK_TEST_LIMIT',
  limit: 10,
  windowSeconds: 60,
  message: 'Too many test deliveries; try again in a minute',
};

/** Redeliver is per delivery, so someone catching up after an outage clicks it more often than Send test. */
export const webhookRedeliverLimit: RateLimit = {
  scope: 'webhook-redeliver',
  code: 'REDELIVERY_LIMIT',
  limit: 30,
  windowSeconds: 60,
  message: 'Too many redeliveries; try again in a minute',
};

export const topUpLimit: RateLimit = {
  scope: 'top-up',
  code: 'TOP_UP_LIMIT',
  limit: 10,
  windowSeconds: 600,
  message: 'Too many top-ups started; try again in a few minutes',
};

/**
 * WhatsApp verification codes: each is a paid template message to a number the user typed, so per
 * account 3 an hour (a person needs one, maybe a resend), and per destination 5 an hour so several
 * accounts cannot flood one person's phone.
 */
export const whatsappCodeLimit: RateLimit = {
  scope: 'whatsapp-code',
  code: 'WHATSAPP_CODE_LIMIT',
  limit: 3,
  windowSeconds: 3600,
  message: 'Too many codes requested; try again within the hour',
};

export const whatsappCodeNumberLimit: RateLimit = {
  scope: 'whatsapp-code-number',
  code: 'WHATSAPP_CODE_LIMIT',
  limit: 5,
  windowSeconds: 3600,
  message: 'Too many codes requested for this number; try again within the hour',
};

/** Replies to one sender's chat messages: a person types a few; a loop is cut off (its messages go unanswered). */
export const whatsappReplyLimit: RateLimit = {
  scope: 'whatsapp-reply',
  limit: 20,
  windowSeconds: 60,
  message: 'Too many messages',
};

/** Replies to one Messenger person's chat messages: a person types a few; a loop is cut off (its messages go unanswered). */
export const messengerReplyLimit: RateLimit = {
  scope: 'messenger-reply',
  limit: 20,
  windowSeconds: 60,
  message: 'Too many messages',
};
