import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { useAdjustBalance } from '@/features/ops-users/api/use-adjust-balance';

/** Whole cents of a typed amount ("-2.5" → -250), or undefined when it is not a non-zero amount with at most 2 decimals. */
function centsOf(text: string): number | undefined {
  if (!/^[-+]?\d{1,5}(\.\d{1,2})?$/.test(text.trim())) return undefined;
  const cents = Math.round(Number(text) * 100);
  return cents === 0 ? undefined : cents;
}

/**
 * Credit (positive) or debit (negative) the balance by hand, with a reason. A confirm step shows
 * the new balance; the Idempotency-Key is made once per confirmed submit and sent again on retries
 * of it, so a lost reply never moves the money twice.
 */
export function AdjustBalanceForm({ sub, balance, onDone }: { sub: string; balance: number; onDone: () => void }) {
  const { t } = useTranslation(['ops-users', 'ops', 'errors']);
  const toast = useToast();
  const { trigger, isMutating } = useAdjustBalance(sub);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const attemptKey = useRef<string | null>(null);
  const cents = centsOf(amount);
  const reasonOk = reason.trim().length >= 3;
  const newBalance = cents === undefined ? balance : (Math.round(balance * 100) + cents) / 100;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (cents === undefined || !reasonOk) return;
    attemptKey.current = null;
    setFailure(undefined);
    setConfirming(true);
  };

  const confirm = async () => {
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({ request: { amount: cents! / 100, reason: reason.trim() }, idempotencyKey: attemptKey.current });
      toast.success(t('adjust.done', { balance: usd(reply.data.balance) }));
      attemptKey.current = null;
      setConfirming(false);
      setAmount('');
      setReason('');
      onDone();
    } catch (error) {
      // The same key is kept: "Try again" resends this very submit.
      setFailure(error instanceof ApiError ? serverErrorText(t, error) : t('ops:common.failed'));
    }
  };

  return (
    <form className="ops-users__adjust" onSubmit={review} noValidate>
      <FormField
        id="ops-adjust-amount"
        label={t('adjust.amount')}
        hint={t('adjust.amountHint')}
        error={amount && cents === undefined ? t('adjust.amountInvalid') : undefined}
        inputProps={{ inputMode: 'decimal', value: amount, placeholder: '-5.00', onChange: (e) => setAmount(e.target.value) }}
      />
      <FormField
        id="ops-adjust-reason"
        label={t('ops:common.reason')}
        hint={t('ops:common.reasonHint')}
        multiline
        inputProps={{ value: reason, maxLength: 500, rows: 2, onChange: (e) => setReason(e.target.value) }}
      />
      <button type="submit" className="btn btn--primary" disabled={cents === undefined || !reasonOk}>
        {t('adjust.review')}
      </button>
      {confirming && (
        <Modal
          title={t('adjust.confirmTitle')}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)}>
                {t('ops:common.cancel')}
              </button>
              <button type="button" className="btn btn--primary" disabled={isMutating} onClick={() => void confirm()}>
                {failure ? t('ops:common.retry') : cents! > 0 ? t('adjust.confirmCredit') : t('adjust.confirmDebit')}
              </button>
            </>
          }
        >
          <dl className="ops-users__facts">
            <dt>{t('adjust.current')}</dt>
            <dd>{usd(balance)}</dd>
            <dt>{cents! > 0 ? t('adjust.credit') : t('adjust.debit')}</dt>
            <dd>{usd(cents! / 100)}</dd>
            <dt>{t('adjust.after')}</dt>
            <dd className={newBalance < 0 ? 'ops-users__negative' : undefined}>{usd(newBalance)}</dd>
            <dt>{t('ops:common.reason')}</dt>
            <dd>{reason.trim()}</dd>
          </dl>
          {newBalance < 0 && <p className="ops-users__warning">{t('adjust.belowZero')}</p>}
          {failure && (
            <p className="ops-users__error" role="alert">
              {failure}
            </p>
          )}
        </Modal>
      )}
    </form>
  );
}
