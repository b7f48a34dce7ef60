import { createHash, timingSafeEqual } from 'node:crypto';
import { secret } from '../../shared/settings';

/**
 * Whether a webhook call carries this stage's `X-Telegram-Bot-Api-Secret-Token` (given to
 * setWebhook). Compared in constant time, over digests so that the lengths match too.
 */
export function telegramSecretMatches(header: string | undefined): boolean {
  if (!header) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header), digest(secret('TelegramWebhookSecret')));
}
