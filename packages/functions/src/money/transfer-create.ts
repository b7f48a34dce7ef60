import { transferRequestSchema, type TransferReply } from '@numbernest/contracts';
import { toCents, toDollars } from '@numbernest/core/pricing';
import { transferBalance } from '@numbernest/core/money';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/** POST /api/user/transfers { email, amount, note? } + Idempotency-Key -> 201 { id, amount, to, balance }. */
export const handler = httpHandler({ auth: true, body: transferRequestSchema }, async ({ claims, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const { transfer, balanceCents } = await transferBalance({
    sender: () => getVerifiedUser(callerOf(claims)),
    email: body.email,
    amountCents: toCents(body.amount),
    note: body.note || undefined,
    idempotencyKey,
  });
  return withStatus<TransferReply>(201, {
    message: 'success',
    data: { id: transfer.id, amount: toDollars(transfer.amountCents), to: transfer.toEmail, balance: toDollars(balanceCents) },
  });
});
