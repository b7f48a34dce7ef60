/** The Telegram settings panel's wire types: their own entry (`@numbernest/contracts/telegram`), so no other function bundles them. */
import * as z from 'zod/mini';

/** POST /api/user/telegram/link: a one-time Connect link (10 minutes) to open in Telegram. */
export const telegramLinkSchema = z.object({
  /** https://t.me/<bot>?start=<code> */
  url: z.string(),
  code: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
export const telegramLinkReplySchema = z.object({ message: z.literal('success'), data: telegramLinkSchema });
export type TelegramLinkReply = z.infer<typeof telegramLinkReplySchema>;

/** DELETE /api/user/telegram/link: the account's chat is unlinked (whether or not one was). */
export const telegramUnlinkReplySchema = z.object({ message: z.literal('success'), data: z.object({ telegram_linked: z.literal(false) }) });
export type TelegramUnlinkReply = z.infer<typeof telegramUnlinkReplySchema>;
