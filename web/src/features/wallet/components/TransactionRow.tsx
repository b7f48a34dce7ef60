import { useTranslation } from '@/lib/i18n';
import type { Transaction } from '@numbernest/contracts';
import { describeTransaction } from '@/lib/describe-transaction';
import { usd } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';

export const transactionColumns = ['date', 'description', 'kind', 'amount', 'balance'] as const;

interface TransactionRowProps {
  transaction: Transaction;
  /** The dashboard's Recent Transaction: description and date, then the amount. */
  compact?: boolean;
}

/**
 * One ledger entry as a table row (history and dashboard). Each cell names its column in
 * `data-label`, which the small-screen layout shows when the rows become cards.
 */
export function TransactionRow({ transaction, compact = false }: TransactionRowProps) {
  const { t, i18n } = useTranslation('wallet');
  const description = describeTransaction(t, transaction);
  const note = transaction.description.params.note;
  const direction = transaction.amount > 0 ? 'in' : transaction.amount < 0 ? 'out' : 'none';
  const date = (
    <time className="tx-row__date" dateTime={transaction.created_at}>
      {formatDateTime(transaction.created_at, i18n.language)}
    </time>
  );
  const amount = <span className={`tx-amount tx-amount--${direction}`}>{usd(transaction.amount, { signed: true })}</span>;
  const label = (column: (typeof transactionColumns)[number]) => t(`transactions.columns.${column}`);

  if (compact) {
    return (
      <tr className="tx-row tx-row--compact" data-testid="transaction-row" data-kind={transaction.kind}>
        <td className="tx-row__main">
          <span className="tx-row__description">{description}</span>
          {date}
        </td>
        <td className="tx-row__amount">{amount}</td>
      </tr>
    );
  }
  return (
    <tr className="tx-row" data-testid="transaction-row" data-kind={transaction.kind}>
      <td className="tx-row__when" data-label={label('date')}>
        {date}
      </td>
      <td className="tx-row__what" data-label={label('description')}>
        <span className="tx-row__description">{description}</span>
        {note && <span className="tx-row__note">{note}</span>}
      </td>
      <td className="tx-row__kind" data-label={label('kind')}>
        <span className={`tx-kind tx-kind--${direction}`}>{t(`kinds.${transaction.kind}`, { defaultValue: transaction.kind })}</span>
      </td>
      <td className="tx-row__amount" data-label={label('amount')}>
        {amount}
      </td>
      <td className="tx-row__balance" data-label={label('balance')}>
        {usd(transaction.balance_after)}
      </td>
    </tr>
  );
}
