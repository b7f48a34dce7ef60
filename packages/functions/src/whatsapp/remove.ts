import type { WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { removeWhatsAppNumber } from '@numbernest/core/channels';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** DELETE /api/user/whatsapp: the number (and a code waiting) removed; the bot no longer knows it. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<WhatsAppReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await removeWhatsAppNumber(user.sub) };
});
