import { maxPayoutDestinationLength, minPayoutDollars, requestPayoutRequestSchema, type RequestPayoutRequest } from '@numbernest/contracts';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '@/components/button/Button';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';

type Field = keyof RequestPayoutRequest;

/** The typed text, judged by the contract's own request schema (an amount not a number is NOT_A_NUMBER there). */
const payoutFormSchema = z.pipe(
  z.pipe(
    z.object({ amount: z.string(), destination: z.string() }),
    z.transform(({ amount, destination }) => ({ amount: /^\s*\d+(\.\d*)?\s*$/.test(amount) ? Number(amount) : Number.NaN, destination })),
  ),
  requestPayoutRequestSchema,
);

interface RequestPayoutDialogProps {
  /** The account balance, in dollars: what may be paid out at most. */
  balance: number;
  /** Sends the request with this submit's key; rejects with the server's ApiError. */
  onSubmit: (request: RequestPayoutRequest, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

/** Request payout: how much (dollars, the contract's least and most) and where to; the server's field errors land on their fields. */
export function RequestPayoutDialog({ balance, onSubmit, onClose }: RequestPayoutDialogProps) {
  const { t } = useTranslation(['partner', 'errors']);
  const { t: tv } = useTranslation('validation');
  const [formError, setFormError] = useState<string | null>(null);
  // One key per submit of these values: "Request" again after a lost reply debits once.
  const attemptKey = useRef<string | null>(null);
  const form = useSchemaForm<Field, RequestPayoutRequest>({
    schema: payoutFormSchema,
    initial: { amount: '', destination: '' },
    idPrefix: 'payout',
    onFailure: (error, placed) => {
      if (placed) attemptKey.current = null;
      else setFormError(error instanceof ApiError ? serverErrorText(t, error) : t('form.failed'));
    },
  });
  const send = form.submit(async (request) => {
    attemptKey.current ??= newIdempotencyKey();
    await onSubmit(request, attemptKey.current);
  });
  const errorText = (field: Field) => {
    const error = form.errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };

  return (
    <Modal
      title={t('payouts.form.title')}
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form="payout-form" variant="primary" busy={form.busy}>
            {t('payouts.form.submit')}
          </Button>
        </>
      }
    >
      <form
        id="payout-form"
        className="partner-form"
        noValidate
        onSubmit={(event) => {
          setFormError(null);
          void send(event);
        }}
      >
        {formError && (
          <p className="partner-form__alert" role="alert">
            {formError}
          </p>
        )}
        <p className="partner-note">{t('payouts.form.text', { balance: usd(balance), min: usd(minPayoutDollars) })}</p>
        <FormField
          label={t('payouts.form.amount')}
          error={errorText('amount')}
          hint={errorText('amount') ? undefined : t('payouts.form.amountHint', { min: usd(minPayoutDollars) })}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', placeholder: String(minPayoutDollars), ...form.bind('amount') }}
        />
        <FormField
          label={t('payouts.form.destination')}
          error={errorText('destination')}
          hint={errorText('destination') ? undefined : t('payouts.form.destinationHint')}
          inputProps={{ autoComplete: 'off', spellCheck: false, maxLength: maxPayoutDestinationLength, ...form.bind('destination') }}
        />
      </form>
    </Modal>
  );
}
