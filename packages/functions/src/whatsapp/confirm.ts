import { whatsappConfirmRequestSchema, type WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { confirmWhatsAppVerification } from '@numbernest/core/channels';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/whatsapp/confirm {code}: the right code (10 minutes, 5 tries, once) makes its number the account's. */
export const handler = httpHandler({ auth: true, body: whatsappConfirmRequestSchema }, async ({ claims, body }): Promise<WhatsAppReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await confirmWhatsAppVerification(user.sub, body.code) };
});
