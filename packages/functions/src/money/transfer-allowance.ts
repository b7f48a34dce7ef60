import type { TransferAllowanceReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { transferAllowance } from '@numbernest/core/money';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/transfers/allowance -> what the caller may send now (card hold, daily limit, account hold). */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<TransferAllowanceReply> => {
  const allowance = await transferAllowance(await getVerifiedUser(callerOf(claims)));
  return {
    message: 'success',
    data: {
      balance: toDollars(allowance.balanceCents),
      held: toDollars(allowance.heldCents),
      transferable: toDollars(allowance.transferableCents),
      daily_limit: toDollars(allowance.dailyLimitCents),
      sent_today: toDollars(allowance.sentTodayCents),
      left_today: toDollars(allowance.leftTodayCents),
      on_hold: allowance.onHold,
    },
  };
});
