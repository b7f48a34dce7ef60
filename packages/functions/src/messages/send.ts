import { rentalParamsSchema, sendMessageRequestSchema, type SendMessageReply } from '@numbernest/contracts';
import { sendFromRental, toMessage } from '@numbernest/core/message';
import { toDollars } from '@numbernest/core/pricing';
import { getVerifiedUser } from '@numbernest/core/user';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/**
 * POST /api/user/rentals/{id}/messages { to, body } + Idempotency-Key: Start Chat, an SMS from the
 * caller's active Private number, priced per segment -> 201 { data: the Sent message, balance }.
 * 404 not the caller's rental; 400 not Private (or bad fields); 409 ended; 402 { message, shortfall };
 * 502 Twilio refused it or could not be reached (then refunded, the message kept as failed).
 */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema, body: sendMessageRequestSchema }, async ({ claims, params, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const user = await getVerifiedUser(callerOf(claims));
  const { message, balanceCents } = await sendFromRental({ user, rentalId: params.id, request: body, idempotencyKey });
  return withStatus<SendMessageReply>(201, { message: 'success', data: toMessage(message), balance: toDollars(balanceCents) });
});
