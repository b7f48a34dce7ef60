import { contactRequestSchema } from '@numbernest/contracts';
import { saveContactMessage } from '@numbernest/core/content';
import { httpHandler, withStatus } from '../lib/http';

/** POST /api/contact-us { name, email, subject, message } -> 201 { message, id }. */
export const handler = httpHandler({ body: contactRequestSchema }, async ({ body }) => {
  const id = await saveContactMessage(body);
  return withStatus(201, { message: 'Thank you! Your message has been sent.', id });
});
