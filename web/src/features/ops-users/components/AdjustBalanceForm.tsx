import { useRef, useState, type FormEvent } from 'react';
import { customerTextSchema, maxCustomerTextLength, reasonSchema } from '@numbernest/contracts/ops';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usd } from '@/lib/money';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer, messageFromZodIssue, type ValidationMessage } from '@/lib/validation';
import { useAdjustBalance } from '@/features/ops-users/api/use-adjust-balance';
import { Button } from '@/components/button/Button';

/** Whole cents of a typed amount ("-2.5" → -250), or undefined when it is not a non-zero amount with at most 2 decimals. */
function centsOf(text: string): number | undefined {
  if (!/^[-+]?\d{1,5}(\.\d{1,2})?$/.test(text.trim())) return undefined;
  const cents = Math.round(Number(text) * 100);
  return cents === 0 ? undefined : cents;
}

type TextField = 'reason' | 'customer_text';

/** The contract's problem with a typed text, once something is typed (an empty field is simply not ready). */
function problemOf(schema: typeof reasonSchema | typeof customerTextSchema, text: string): ValidationMessage | undefined {
  if (!text) return undefined;
  const parsed = schema.safeParse(text);
  return parsed.success ? undefined : messageFromZodIssue(parsed.error.issues[0]!);
}

/**
 * Credit (positive) or debit (negative) the balance by hand, with an internal note (operators only:
 * the audit log and the console) and the text the customer reads in their transactions. A confirm
 * step shows the new balance; the Idempotency-Key is made once per confirmed submit and sent again
 * on retries of it, so a lost reply never moves the money twice.
 */
export function AdjustBalanceForm({ sub, balance, onDone }: { sub: string; balance: number; onDone: () => void }) {
  const { t } = useTranslation(['ops-users', 'ops', 'errors']);
  const { t: tv } = useTranslation('validation');
  const toast = useToast();
  const { trigger, isMutating } = useAdjustBalance(sub);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [customerText, setCustomerText] = useState('');
  const [serverProblems, setServerProblems] = useState<Partial<Record<TextField, ValidationMessage>>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const attemptKey = useRef<string | null>(null);
  const cents = centsOf(amount);
  const problems: Partial<Record<TextField, ValidationMessage>> = {
    reason: problemOf(reasonSchema, reason) ?? serverProblems.reason,
    customer_text: problemOf(customerTextSchema, customerText) ?? serverProblems.customer_text,
  };
  const textsOk = reasonSchema.safeParse(reason).success && customerTextSchema.safeParse(customerText).success;
  const ready = cents !== undefined && textsOk && !problems.reason && !problems.customer_text;
  const newBalance = cents === undefined ? balance : (Math.round(balance * 100) + cents) / 100;
  const problemText = (field: TextField) => (problems[field] ? describeValidation(tv, problems[field]) : undefined);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    attemptKey.current = null;
    setFailure(undefined);
    setConfirming(true);
  };

  const confirm = async () => {
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({
        request: { amount: cents! / 100, reason: reason.trim(), customer_text: customerText.trim() },
        idempotencyKey: attemptKey.current,
      });
      toast.success(t('adjust.done', { balance: usd(reply.data.balance) }));
      attemptKey.current = null;
      setConfirming(false);
      setAmount('');
      setReason('');
      setCustomerText('');
      onDone();
    } catch (error) {
      const refused = errorCodeOf(error) === 'VALIDATION_FAILED' ? fieldErrorsFromServer<TextField>((error as ApiError).body) : {};
      if (refused.reason || refused.customer_text) {
        // Nothing moved: back to the form, each text with the server's words on it.
        setServerProblems({ reason: refused.reason, customer_text: refused.customer_text });
        attemptKey.current = null;
        setConfirming(false);
        return;
      }
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
        id="ops-adjust-customer-text"
        label={t('adjust.customerText')}
        hint={t('adjust.customerTextHint')}
        error={problemText('customer_text')}
        inputProps={{
          value: customerText,
          maxLength: maxCustomerTextLength,
          onChange: (e) => {
            setCustomerText(e.target.value);
            setServerProblems(({ customer_text: _, ...rest }) => rest);
          },
        }}
      />
      <FormField
        id="ops-adjust-reason"
        label={t('adjust.note')}
        hint={t('adjust.noteHint')}
        error={problemText('reason')}
        multiline
        inputProps={{
          value: reason,
          maxLength: 500,
          rows: 2,
          onChange: (e) => {
            setReason(e.target.value);
            setServerProblems(({ reason: _, ...rest }) => rest);
          },
        }}
      />
      <Button type="submit" variant="primary" disabled={!ready}>
        {t('adjust.review')}
      </Button>
      {confirming && (
        <Modal
          title={t('adjust.confirmTitle')}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button onClick={() => setConfirming(false)}>{t('ops:common.cancel')}</Button>
              <Button variant="primary" disabled={isMutating} onClick={() => void confirm()}>
                {failure ? t('ops:common.retry') : cents! > 0 ? t('adjust.confirmCredit') : t('adjust.confirmDebit')}
              </Button>
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
            <dt>{t('adjust.customerText')}</dt>
            <dd>{customerText.trim()}</dd>
            <dt>{t('adjust.note')}</dt>
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
