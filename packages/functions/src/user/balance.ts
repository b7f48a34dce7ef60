import type { BalanceReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { accountHoldOf, getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/balance -> { message: 'success', balance, account_hold } in dollars; unverified e-mail -> 403. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<BalanceReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', balance: toDollars(user.balanceCents), account_hold: accountHoldOf(user) };
});
