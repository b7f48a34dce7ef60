import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router-dom';
import { usd } from '@/lib/money';
import { ResultPage } from '@/components/result-page/ResultPage';
import './wallet.css';

/** Router state the transfer page hands to /transfer-successful. */
export interface TransferDoneState {
  amount: number;
  to: string;
  balance: number;
}

/** Router state the transfer page hands to /transfer-failed: the server's sentence. */
export interface TransferFailedState {
  message: string;
}

const isDone = (state: unknown): state is TransferDoneState => {
  const s = state as Partial<TransferDoneState> | null;
  return typeof s?.amount === 'number' && typeof s.to === 'string' && typeof s.balance === 'number';
};

/** /transfer-successful: amount, recipient and the new balance when the transfer page sent them, else a generic success. */
export function TransferSuccessResult() {
  const { t } = useTranslation('wallet');
  const state: unknown = useLocation().state;
  if (!isDone(state)) return <ResultPage kind="transferSuccess" />;
  return (
    <ResultPage kind="transferSuccess">
      <p className="result__text">{t('transfer.done.text', { amount: usd(state.amount), email: state.to })}</p>
      <dl className="result__facts">
        <div>
          <dt>{t('transfer.confirm.to')}</dt>
          <dd>{state.to}</dd>
        </div>
        <div>
          <dt>{t('transfer.confirm.amount')}</dt>
          <dd>{usd(state.amount)}</dd>
        </div>
        <div>
          <dt>{t('return.newBalance')}</dt>
          <dd data-testid="transfer-balance">{usd(state.balance)}</dd>
        </div>
      </dl>
    </ResultPage>
  );
}

/** /transfer-failed: the generic text, and the server's reason when the transfer page passed one. */
export function TransferFailedResult() {
  const { t } = useTranslation('wallet');
  const { t: tp } = useTranslation('payment');
  const state = useLocation().state as Partial<TransferFailedState> | null;
  const message = typeof state?.message === 'string' && state.message.trim() ? state.message : null;
  return (
    <ResultPage kind="transferFailed">
      <p className="result__text">{tp('results.transferFailed.text')}</p>
      {message && (
        <p className="result__detail" data-testid="transfer-failed-reason">
          {t('transfer.failedReason', { message })}
        </p>
      )}
    </ResultPage>
  );
}
