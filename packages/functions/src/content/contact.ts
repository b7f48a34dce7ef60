import { contactRequestSchema } from '@numbernest/contracts';
import { saveContactMessage } from '@numbernest/core/content';
import { contactFormLimit, requireWithinLimit } from '@numbernest/core/rate-limit';
import { httpHandler, withStatus } from '../lib/http';

/**
 * POST /api/contact-us { name, email, subject, message } -> 201 { message, id }. Limited per client
 * IP (core/shared/rate-limit): above it 429 with Retry-After, and nothing is stored.
 */
export const handler = httpHandler({ body: contactRequestSchema }, async ({ body, event }) => {
  await requireWithinLimit(contactFormLimit, event.requestContext.http.sourceIp);
  const id = await saveContactMessage(body);
  return withStatus(201, { message: 'Thank you! Your message has been sent.', id });
});
