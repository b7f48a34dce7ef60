import { whatsappVerifyRequestSchema, type WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { startWhatsAppVerification } from '@numbernest/core/channels';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/whatsapp/verify {number}: sends a 6-digit code to it by WhatsApp (3 an hour per account: 429 above). */
export const handler = httpHandler({ auth: true, body: whatsappVerifyRequestSchema }, async ({ claims, body }): Promise<WhatsAppReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await startWhatsAppVerification(user.sub, body.number) };
});
