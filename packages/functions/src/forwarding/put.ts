import { forwardingSettingsSchema, type ForwardingReply } from '@numbernest/contracts';
import { setForwarding } from '@numbernest/core/messaging';
import { getUser, getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * PUT /api/user/forwarding {email, telegram, whatsapp, push}: every switch. E-mail needs a verified
 * address (403 EMAIL_NOT_VERIFIED), the others a link (409 FORWARDING_NOT_LINKED); off always works.
 */
export const handler = httpHandler({ auth: true, body: forwardingSettingsSchema }, async ({ claims, body }): Promise<ForwardingReply> => {
  const caller = callerOf(claims);
  // Asking for e-mail: the verification is looked up (an access token does not carry it).
  const user = body.email ? await getVerifiedUser(caller) : await getUser(caller);
  return { message: 'success', data: await setForwarding(user, body) };
});
