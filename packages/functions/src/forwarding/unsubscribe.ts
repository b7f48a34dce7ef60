import { unsubscribeQuerySchema } from '@numbernest/contracts';
import { DomainError } from '@numbernest/core/errors';
import { unsubscribeEmail } from '@numbernest/core/messaging';
import { siteUrl } from '@numbernest/core/settings';
import { webhookHandler } from '../lib/webhook';
import { unsubscribePage, unsubscribeWords } from './unsubscribe-page';

/**
 * GET /api/unsubscribe/email?token= (the link in a forwarded e-mail) and POST (the one-click
 * unsubscribe of its List-Unsubscribe header, RFC 8058; the body `List-Unsubscribe=One-Click` is
 * not needed to act): e-mail forwarding off, no sign-in. A small page says what happened: 200
 * done, 400 a used or out-of-date link, 403 a forged or damaged one. Public: the token is the key.
 */
export const handler = webhookHandler(async ({ query }) => {
  const parsed = unsubscribeQuerySchema.safeParse({ token: query.token ?? '' });
  const settingsUrl = `${siteUrl()}/dashboard/account-settings`;
  const page = (statusCode: number, words: (typeof unsubscribeWords)[keyof typeof unsubscribeWords]) => ({
    statusCode,
    contentType: 'text/html; charset=utf-8',
    body: unsubscribePage(words, settingsUrl),
  });
  if (!parsed.success) return page(403, unsubscribeWords.invalid);
  try {
    await unsubscribeEmail(parsed.data.token);
    return page(200, unsubscribeWords.done);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code === 'UNSUBSCRIBE_LINK_USED' ? page(400, unsubscribeWords.used) : page(403, unsubscribeWords.invalid);
  }
});
