import { cardTransferHoldHours } from '@numbernest/contracts';
import type { BalanceChange } from '../ledger';
import { formatDollars, type Cents } from '../../shared/pricing';
import type { TopUpItem } from './items';

/**
 * The ledger change of a top-up's credit, the same whether the provider's notification credits it
 * or an operator approves it from review: the kind, the reference, the customer's notification and,
 * for money the payer's bank can still take back (cards), the hold on sending it on to others.
 */
export function topUpCredit(topUp: Pick<TopUpItem, 'id' | 'sub' | 'provider'>, cents: Cents, paidAt: string, reversible: boolean): BalanceChange {
  const amount = formatDollars(cents);
  return {
    sub: topUp.sub,
    amountCents: cents,
    kind: 'top-up',
    reference: topUp.id,
    description: { key: 'topUp', params: { provider: topUp.provider } },
    allowDeletedAccount: true, // the money was paid: a deleted account keeps it for support to settle
    ...(reversible ? { holdForTransfersUntil: new Date(Date.parse(paidAt) + cardTransferHoldHours * 3_600_000).toISOString() } : {}),
    notify: {
      topic: 'balance',
      content: {
        kind: 'top-up',
        title: 'Balance topped up',
        message: `$${amount} was added to your balance.`,
        key: 'topUp',
        params: { amount, provider: topUp.provider },
      },
    },
  };
}
