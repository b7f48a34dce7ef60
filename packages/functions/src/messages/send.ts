import { rentalParamsSchema, sendMessageRequestSchema, type SendMessageReply } from '@numbernest/contracts';
import { sendFromRental, toMessage } from '@numbernest/core/messaging';
import { toDollars } from '@numbernest/core/pricing';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/**
 * POST /api/user/rentals/{id}/messages { to, body } + Idempotency-Key: Start Chat, an SMS from the
 * caller's active Private number, priced per segment at the destination's price -> 201 { data: the
 * Sent message, balance }. 404 not the caller's rental; 400 not Private, bad fields, a destination
 * not offered (`to`) or a text over the per-message cap (`body`); 409 ended; 402 { message, shortfall };
 * 429 (Retry-After) over the day's SMS or destinations; 502 not sent (Twilio refused it, or had
 * not taken it when asked again), refunded; 202 { data: status `sending` } Twilio did not answer and
 * could not be asked (the rental job settles it, refunded if it did not go), or the same
 * Idempotency-Key is still on its way in another request.
 */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema, body: sendMessageRequestSchema }, async ({ claims, params, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const user = await getVerifiedUser(callerOf(claims));
  const { message, balanceCents } = await sendFromRental({ user, rentalId: params.id, request: body, idempotencyKey });
  // 202: not settled yet (no answer from Twilio, or an earlier request under this key still waits for one).
  return withStatus<SendMessageReply>(message.status === 'sending' ? 202 : 201, {
    message: 'success',
    data: toMessage(message),
    balance: toDollars(balanceCents),
  });
});
