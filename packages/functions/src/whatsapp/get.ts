import type { WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { whatsappState } from '@numbernest/core/channels';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/whatsapp: the verified number and a code waiting, if any. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<WhatsAppReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await whatsappState(user.sub) };
});
