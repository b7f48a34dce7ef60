import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import {
  cardTransferHoldHours,
  dailyTransferLimitDollars,
  maxTransferDollars,
  maxTransferNoteLength,
  transferRequestSchema,
  type TransferAllowance,
  type TransferRequest,
} from '@numbernest/contracts';
import { toCents } from '@numbernest/core/pricing';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { useAuthState } from '@/lib/auth-state';
import { usd } from '@/lib/money';
import { fieldErrorsFromZod, type FieldErrors } from '@/lib/validation';
import { FormField } from '@/components/form-field/FormField';
import { keepStoredBalance } from '@/lib/balance';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { amountProblem, describeMessage, parseDollars, walletErrorsFromServer } from '@/features/wallet/amount';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { useTransferAllowance } from '@/features/wallet/api/use-transfer-allowance';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useTransfer, type TransferAttempt } from '@/features/wallet/api/use-transfer';
import type { TransferDoneState, TransferFailedState } from './TransferResultPage';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';
import './wallet.css';

type Field = 'email' | 'amount' | 'note';
type Values = Record<Field, string>;
const fields: readonly Field[] = ['email', 'amount', 'note'];
const emptyValues: Values = { email: '', amount: '', note: '' };
const emailSchema = transferRequestSchema.shape.email;

export const transferPaths = { done: '/transfer-successful', failed: '/transfer-failed' } as const;

/**
 * An amount over what may be sent now, in the server's words: the balance, then card money still
 * held, then the day's limit (the server checks the same again, atomically).
 */
function allowanceProblem(dollars: number, allowance: TransferAllowance | undefined): FieldErrors<Field>['amount'] {
  if (!allowance || allowance.on_hold) return undefined;
  const cents = toCents(dollars);
  if (cents > toCents(allowance.balance)) return { key: 'overBalance' };
  if (cents > toCents(allowance.balance) - toCents(allowance.held)) return { key: 'overTransferable', values: { hours: cardTransferHoldHours } };
  if (cents > toCents(allowance.left_today)) return { key: 'overDailyLimit', values: { limit: allowance.daily_limit } };
  return undefined;
}

/** The form's checks, in the shared wording; the request the server will get when all pass. */
function validate(
  values: Values,
  ownEmail: string | undefined,
  allowance?: TransferAllowance,
): { errors: FieldErrors<Field>; request: TransferRequest | null } {
  const errors: FieldErrors<Field> = {};
  const email = values.email.trim();
  if (!email) errors.email = { key: 'required' };
  else if (!emailSchema.safeParse(email).success) errors.email = { key: 'email' };
  else if (ownEmail && email.toLowerCase() === ownEmail.toLowerCase()) errors.email = { key: 'ownAccount' };
  const amount =
    amountProblem(values.amount, { min: 0, exclusive: true, max: maxTransferDollars }) ?? allowanceProblem(parseDollars(values.amount)!, allowance);
  if (amount) errors.amount = amount;
  if (values.note.trim().length > maxTransferNoteLength) errors.note = { key: 'maxLength', values: { count: maxTransferNoteLength } };
  if (Object.keys(errors).length) return { errors, request: null };

  const input = { email, amount: parseDollars(values.amount), note: values.note.trim() || undefined };
  const parsed = transferRequestSchema.safeParse(input);
  return parsed.success ? { errors: {}, request: parsed.data } : { errors: fieldErrorsFromZod<Field>(parsed.error, input), request: null };
}

/**
 * Balance Transfer: recipient, amount, note -> a confirmation -> POST /user/transfers. Each
 * confirmation carries its own Idempotency-Key; pressing Confirm again after a network error
 * sends the same key, so the money moves once.
 */
export default function TransferPage() {
  const { t } = useTranslation('wallet');
  const { t: td } = useTranslation('dashboard');
  const { t: tv } = useTranslation('validation');
  const { t: te } = useTranslation('errors');
  const { user } = useAuthState();
  const navigate = useNavigate();
  const refreshBalance = useRefreshBalance();
  const { trigger, isMutating } = useTransfer();
  const verified = Boolean(user && user.email_verified_at !== null);
  const allowance = useTransferAllowance(verified, user?.balance).data?.data;
  const onHold = allowance?.on_hold === true;
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** Set on Continue: the checked request and the key of this confirmation. */
  const [attempt, setAttempt] = useState<TransferAttempt | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const firstInvalid = useRef<Field | null>(null);

  useEffect(() => {
    if (attempt) confirmHeading.current?.focus();
  }, [attempt]);

  // Back on the form with problems: the first one gets the focus.
  useEffect(() => {
    if (attempt || !firstInvalid.current) return;
    document.getElementById(`transfer-${firstInvalid.current}`)?.focus();
    firstInvalid.current = null;
  }, [attempt, errors]);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next, user?.email, allowance).errors);
    else setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    firstInvalid.current = fields.find((field) => found[field]) ?? null;
  };

  const proceed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (onHold) return;
    const { errors: found, request } = validate(values, user?.email, allowance);
    if (!request) return showErrors(found);
    setErrors({});
    setAttempt({ request, idempotencyKey: newIdempotencyKey() });
  };

  const back = () => {
    setAttempt(null);
    setFormError(null);
  };

  const confirm = async () => {
    if (!attempt || isMutating) return;
    setFormError(null);
    try {
      const { data } = await trigger(attempt);
      keepStoredBalance(data.balance);
      void refreshBalance();
      void navigate(transferPaths.done, { state: { amount: data.amount, to: data.to, balance: data.balance } satisfies TransferDoneState });
    } catch (error) {
      // No answer: the transfer may or may not have happened. The same key makes a retry safe.
      if (!(error instanceof ApiError)) return setFormError(t('transfer.confirm.offline'));
      const found = walletErrorsFromServer(error.body, fields);
      if (Object.keys(found.fields).length) {
        setAttempt(null);
        setFormError(describeMessage(tv, found.others[0]) ?? null);
        showErrors(found.fields);
        return;
      }
      void navigate(transferPaths.failed, {
        state: { message: describeMessage(tv, found.others[0]) ?? serverErrorText(te, error) } satisfies TransferFailedState,
      });
    }
  };

  const errorText = (field: Field) => describeMessage(tv, errors[field]);
  /** "You can send $10.00 now · $30.00 from card top-ups is held for 24 hours · $490.00 left of today's $500.00 limit". */
  const allowanceHint = (a: TransferAllowance) =>
    [
      t('transfer.transferable', { amount: usd(a.transferable) }),
      ...(a.held > 0 ? [t('transfer.heldNote', { amount: usd(a.held), hours: cardTransferHoldHours })] : []),
      t('transfer.leftToday', { amount: usd(a.left_today), limit: usd(a.daily_limit) }),
    ].join(' · ');
  const input = (field: Field) => ({
    name: field,
    value: values[field],
    'data-testid': `transfer-${field}`,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(field, event.target.value),
  });

  return (
    <DashboardPage title={td('balanceTransfer.title')} lead={td('balanceTransfer.lead')}>
      <Panel title={t('transfer.panel')}>
        {attempt ? (
          <section className="transfer-confirm" aria-labelledby="transfer-confirm-title">
            <h3 id="transfer-confirm-title" ref={confirmHeading} tabIndex={-1} className="transfer-confirm__title">
              {t('transfer.confirm.title')}
            </h3>
            <p className="transfer-confirm__text">{t('transfer.confirm.text')}</p>
            {formError && <WalletAlert>{formError}</WalletAlert>}
            <dl className="transfer-confirm__facts">
              <div>
                <dt>{t('transfer.confirm.to')}</dt>
                <dd data-testid="transfer-confirm-email">{attempt.request.email}</dd>
              </div>
              <div>
                <dt>{t('transfer.confirm.amount')}</dt>
                <dd data-testid="transfer-confirm-amount" className="transfer-confirm__amount">
                  {usd(attempt.request.amount)}
                </dd>
              </div>
              {attempt.request.note && (
                <div>
                  <dt>{t('transfer.confirm.note')}</dt>
                  <dd data-testid="transfer-confirm-note">{attempt.request.note}</dd>
                </div>
              )}
            </dl>
            <div className="transfer-confirm__actions">
              <Button size="lg" onClick={back} disabled={isMutating}>
                {t('transfer.confirm.back')}
              </Button>
              <Button variant="primary" size="lg" data-testid="transfer-confirm" onClick={() => void confirm()} disabled={isMutating} busy={isMutating}>
                {isMutating ? t('transfer.confirm.sending') : t('transfer.confirm.submit')}
              </Button>
            </div>
          </section>
        ) : (
          <form className="wallet-form wallet-form--narrow" onSubmit={proceed} noValidate>
            {user && user.email_verified_at === null && <WalletAlert tone="info">{t('transfer.unverified')}</WalletAlert>}
            {onHold && <WalletAlert>{t('transfer.onHold')}</WalletAlert>}
            {formError && <WalletAlert>{formError}</WalletAlert>}
            <FormField
              id="transfer-email"
              label={t('transfer.email')}
              error={errorText('email')}
              inputProps={{
                ...input('email'),
                type: 'email',
                inputMode: 'email',
                autoComplete: 'off',
                spellCheck: false,
                placeholder: t('transfer.emailPlaceholder'),
              }}
            />
            <FormField
              id="transfer-amount"
              label={t('transfer.amount')}
              error={errorText('amount')}
              hint={allowance ? allowanceHint(allowance) : t('transfer.available', { amount: usd(user?.balance ?? 0) })}
              inputProps={{ ...input('amount'), type: 'text', inputMode: 'decimal', autoComplete: 'off', placeholder: '0.00' }}
            />
            <FormField
              id="transfer-note"
              label={t('transfer.note')}
              error={errorText('note')}
              hint={t('transfer.noteCounter', { count: values.note.trim().length, max: maxTransferNoteLength })}
              multiline
              inputProps={{ ...input('note'), rows: 3, placeholder: t('transfer.notePlaceholder') }}
            />
            <div className="wallet-form__foot">
              <p className="wallet-form__notes">{t('transfer.free')}</p>
              <p className="wallet-form__notes" data-testid="transfer-limits">
                {t('transfer.limits', { limit: usd(allowance?.daily_limit ?? dailyTransferLimitDollars), hours: cardTransferHoldHours })}
              </p>
              <Button type="submit" variant="primary" size="lg" data-testid="transfer-continue" disabled={onHold}>
                {t('transfer.continue')}
              </Button>
            </div>
          </form>
        )}
      </Panel>
    </DashboardPage>
  );
}
