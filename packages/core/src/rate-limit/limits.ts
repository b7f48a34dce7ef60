import type { RateLimit } from './window';

/**
 * The limits on public writes, per client IP (API Gateway's `requestContext.http.sourceIp`).
 * Public routes that create data: only the contact form (POST /api/get-numbers only reads, the
 * webhooks check their senders' signatures, handler_api counts per key). A person sends one
 * message in minutes; 30 a minute from one address is a script.
 */
export const contactFormLimit: RateLimit = {
  scope: 'contact',
  limit: 30,
  windowSeconds: 60,
  message: 'Too many messages from your address; try again in a minute',
};
