import { useRef, useState } from 'react';
import type { OpsRental } from '@numbernest/contracts/ops';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { useCloseRental } from '@/features/ops-users/api/use-close-rental';
import { useRefundRental } from '@/features/ops-users/api/use-refund-rental';
import { Button } from '@/components/button/Button';

interface DialogProps {
  sub: string;
  rental: OpsRental;
  onClose: () => void;
  onDone: () => void;
}

const reasonValid = (reason: string) => reason.trim().length >= 3;

function ReasonField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('ops');
  return (
    <FormField
      id={id}
      label={t('common.reason')}
      hint={t('common.reasonHint')}
      multiline
      inputProps={{ value, maxLength: 500, rows: 2, required: true, onChange: (e) => onChange(e.target.value) }}
    />
  );
}

/** Refund part or all of what is left of an ended rental's price (empty amount: all of it). */
export function RefundDialog({ sub, rental, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['ops-users', 'ops', 'errors']);
  const toast = useToast();
  const { trigger, isMutating } = useRefundRental(sub);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  // One key per submit of the same amount and reason; editing either starts a new refund.
  const attemptKey = useRef<string | null>(null);
  const typed = amount.trim();
  const cents = typed === '' ? undefined : /^\d{1,5}(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : NaN;
  const leftCents = Math.round(rental.refundable_amount * 100);
  const amountError =
    cents !== undefined && (Number.isNaN(cents) || cents <= 0 || cents > leftCents)
      ? t('refund.amountInvalid', { max: usd(rental.refundable_amount) })
      : undefined;
  const edit = (set: (value: string) => void) => (value: string) => {
    attemptKey.current = null;
    set(value);
  };

  const submit = async () => {
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({
        rentalId: rental.id,
        request: { ...(cents === undefined ? {} : { amount: cents / 100 }), reason: reason.trim() },
        idempotencyKey: attemptKey.current,
      });
      toast.success(t('refund.done', { amount: usd(reply.data.entry.amount), balance: usd(reply.data.balance) }));
      onDone();
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? serverErrorText(t, error) : t('ops:common.failed'));
    }
  };

  return (
    <Modal
      title={t('refund.title', { number: rental.number })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('ops:common.cancel')}</Button>
          <Button variant="primary" disabled={isMutating || Boolean(amountError) || !reasonValid(reason)} onClick={() => void submit()}>
            {failure
              ? t('ops:common.retry')
              : t('refund.submit', { amount: usd(cents === undefined || Number.isNaN(cents) ? rental.refundable_amount : cents / 100) })}
          </Button>
        </>
      }
    >
      <dl className="ops-users__facts">
        <dt>{t('rentals.price')}</dt>
        <dd>{usd(rental.price)}</dd>
        <dt>{t('rentals.refunded')}</dt>
        <dd>{usd(rental.refunded)}</dd>
        <dt>{t('refund.left')}</dt>
        <dd>{usd(rental.refundable_amount)}</dd>
      </dl>
      <FormField
        id="ops-refund-amount"
        label={t('refund.amount')}
        hint={t('refund.amountHint', { max: usd(rental.refundable_amount) })}
        error={amountError}
        inputProps={{ inputMode: 'decimal', value: amount, placeholder: String(rental.refundable_amount), onChange: (e) => edit(setAmount)(e.target.value) }}
      />
      <ReasonField id="ops-refund-reason" value={reason} onChange={edit(setReason)} />
      {failure && (
        <p className="ops-users__error" role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}

/** Close an active rental now on the customer's behalf; its whole price back only when ticked. */
export function CloseDialog({ sub, rental, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['ops-users', 'ops', 'errors']);
  const toast = useToast();
  const { trigger, isMutating } = useCloseRental(sub);
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    try {
      const reply = await trigger({ rentalId: rental.id, request: { reason: reason.trim(), refund } });
      toast.success(reply.data.refunded ? t('close.doneRefunded', { amount: usd(rental.price) }) : t('close.done'));
      onDone();
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? serverErrorText(t, error) : t('ops:common.failed'));
    }
  };

  return (
    <Modal
      title={t('close.title', { number: rental.number })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('ops:common.cancel')}</Button>
          <Button variant="danger" disabled={isMutating || !reasonValid(reason)} onClick={() => void submit()}>
            {refund ? t('close.submitRefund', { amount: usd(rental.price) }) : t('close.submit')}
          </Button>
        </>
      }
    >
      <p>{t('close.text')}</p>
      <ReasonField id="ops-close-reason" value={reason} onChange={setReason} />
      <label className="ops-users__check">
        <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
        {t('close.refund', { amount: usd(rental.price) })}
      </label>
      <p className="ops-users__muted">{refund ? t('close.releaseNow') : t('close.releaseRest')}</p>
      {failure && (
        <p className="ops-users__error" role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}
