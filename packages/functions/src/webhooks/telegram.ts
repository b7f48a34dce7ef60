import { handleTelegramUpdate, telegramSecretMatches } from '@numbernest/core/channels';
import type { Update } from 'grammy/types';
import { webhookHandler } from '../lib/webhook';

const reply = (statusCode: number, body: unknown) => ({ statusCode, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * POST /api/webhooks/telegram: the bot's updates (webhook mode). Only Telegram knows the secret
 * given to setWebhook (`npm run ops -- telegram-set-webhook`); anything else is refused with 403.
 * A 200 once the update is answered (the bot logs and answers its own failures in the chat).
 */
export const handler = webhookHandler(async ({ body, headers }) => {
  if (!telegramSecretMatches(headers['x-telegram-bot-api-secret-token'])) return reply(403, { message: 'Forbidden', code: 'FORBIDDEN' });
  let update: Update;
  try {
    update = JSON.parse(body) as Update;
  } catch {
    return reply(400, { message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  }
  if (typeof update?.update_id !== 'number') return reply(400, { message: 'Not a Telegram update', code: 'VALIDATION_FAILED' });
  await handleTelegramUpdate(update);
  return reply(200, { ok: true });
});
