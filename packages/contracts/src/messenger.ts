/** The Messenger settings panel's wire types: their own entry (`@numbernest/contracts/messenger`), so no other function bundles them. */
import * as z from 'zod/mini';

/** POST /api/user/messenger/link's body: the language the bot speaks to this account (the page's; else the browser's Accept-Language). */
export const messengerLinkRequestSchema = z.strictObject({ language: z.optional(z.enum(['en', 'ru', 'ms'])) });
export type MessengerLinkRequest = z.infer<typeof messengerLinkRequestSchema>;

/** POST /api/user/messenger/link: a one-time link (10 minutes) opening the Page's conversation with its reference. */
export const messengerLinkSchema = z.object({
  /** https://m.me/<page>?ref=<ref> */
  url: z.string(),
  ref: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
});
export type MessengerLinkView = z.infer<typeof messengerLinkSchema>;
export const messengerLinkReplySchema = z.object({ message: z.literal('success'), data: messengerLinkSchema });
export type MessengerLinkReply = z.infer<typeof messengerLinkReplySchema>;

/** DELETE /api/user/messenger/link: the account's conversation is unlinked (whether or not one was). */
export const messengerUnlinkReplySchema = z.object({ message: z.literal('success'), data: z.object({ messenger_linked: z.literal(false) }) });
export type MessengerUnlinkReply = z.infer<typeof messengerUnlinkReplySchema>;
