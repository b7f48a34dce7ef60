import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { maxTopUpDollars, minTopUpDollars, topUpRequestSchema, type PaymentProvider } from '@numbernest/contracts';
import { toCents } from '@numbernest/core/pricing';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { useAuthState } from '@/lib/auth-state';
import { plainAmount, usd } from '@/lib/money';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { WalletIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { amountProblem, describeMessage, parseDollars, walletErrorsFromServer } from '@/features/wallet/amount';
import type { FieldErrors } from '@/lib/validation';
import { isReturnPath, readPaymentInfo, savePaymentInfo } from '@/features/wallet/api/payment-info';
import { useCreateTopUp } from '@/features/wallet/api/use-create-top-up';
import { goToCheckout } from '@/features/wallet/checkout';
import { ProviderCards } from './ProviderCards';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';
import './wallet.css';

type Field = 'amount' | 'provider';
const fields: readonly Field[] = ['amount', 'provider'];
export const quickAmounts = [5, 10, 25, 50, 100] as const;
const bounds = { min: minTopUpDollars, max: maxTopUpDollars };

/** `?amount=` as the amount field's text, when it is a top-up the providers take; otherwise empty. */
function suggestedAmount(value: string | null): string {
  const dollars = value === null ? null : parseDollars(value);
  return dollars !== null && dollars >= bounds.min && dollars <= bounds.max ? plainAmount(dollars) : '';
}

/**
 * TOP-UP Balance: the balance, an amount (quick picks), a provider, Pay. Pay creates the top-up
 * (POST /user/top-ups), remembers it as the payment under way and sends the browser to checkout.
 */
export default function TopUpPage() {
  const { t } = useTranslation('wallet');
  const { t: td } = useTranslation('dashboard');
  const { t: tv } = useTranslation('validation');
  const { t: te } = useTranslation('errors');
  const { user } = useAuthState();
  /** Cents owed after a card payment was taken back (a balance below zero). */
  const owedCents = Math.max(0, -toCents(user?.balance ?? 0));
  const onHold = Boolean(user?.account_hold);
  const { trigger, isMutating } = useCreateTopUp();
  const [params] = useSearchParams();
  // From a purchase short of balance: the missing amount filled in, and back there once paid.
  const returnTo = isReturnPath(params.get('return')) ? params.get('return') : null;
  const [amount, setAmount] = useState(() => suggestedAmount(params.get('amount')));
  const [provider, setProvider] = useState<PaymentProvider | null>(() => readPaymentInfo().paymentMethod ?? null);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<{ text: string; detail?: string } | null>(null);
  const [leavingFor, setLeavingFor] = useState<PaymentProvider | null>(null);
  const amountId = useId();

  // Back from the provider through the browser's back button: the page may come back as it was left.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const dollars = parseDollars(amount);
  const amountError = amountProblem(amount, bounds);
  const shownAmountError = describeMessage(tv, serverErrors.amount ?? (touched ? amountError : undefined));
  const busy = isMutating || leavingFor !== null;
  const valid = !amountError && provider !== null;

  const changeAmount = (value: string) => {
    setAmount(value);
    setServerErrors(({ amount: _dropped, ...rest }) => rest);
  };

  const pick = (value: number) => {
    changeAmount(String(value));
    setTouched(true);
  };

  const choose = (value: PaymentProvider) => {
    setProvider(value);
    setServerErrors(({ provider: _dropped, ...rest }) => rest);
  };

  /** Shows its own failures (next to the field or in the form's alert): the form does not wait for it. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const request = topUpRequestSchema.safeParse({ amount: dollars, provider });
    if (busy || amountError || !request.success) return;
    setFormError(null);
    setServerErrors({});
    try {
      const { data } = await trigger(request.data);
      savePaymentInfo({ transactionId: data.id, paymentMethod: data.provider, ...(returnTo && { returnTo }) });
      setLeavingFor(data.provider);
      goToCheckout(data.checkout);
    } catch (error) {
      setLeavingFor(null);
      if (!(error instanceof ApiError)) return setFormError({ text: t('errors.offline') });
      if (error.status === 429) return setFormError({ text: t('topUp.tooMany') });
      const found = walletErrorsFromServer(error.body, fields);
      setServerErrors(found.fields);
      if (found.others.length || !Object.keys(found.fields).length) {
        setFormError({ text: t('topUp.startFailed'), detail: describeMessage(tv, found.others[0]) ?? serverErrorText(te, error) });
      }
    }
  };

  const payLabel = leavingFor
    ? t('topUp.leaving', { provider: t(`providers.${leavingFor}.name`) })
    : isMutating
      ? t('topUp.creating')
      : valid && dollars !== null
        ? t('topUp.pay', { amount: usd(dollars) })
        : t('topUp.payPlain');

  return (
    <DashboardPage title={td('topUp.title')} lead={td('topUp.lead')}>
      <div className="balance-card">
        <span className="balance-card__icon">
          <WalletIcon size={24} />
        </span>
        <div>
          <p className="balance-card__label">{t(owedCents > 0 ? 'balance.owed' : 'balance.current')}</p>
          <p className={`balance-card__amount${owedCents > 0 ? ' balance-card__amount--owed' : ''}`} data-testid="topup-current-balance">
            {usd(Math.abs(toCents(user?.balance ?? 0)) / 100)}
          </p>
          {owedCents > 0 && (
            <p className="balance-card__note" data-testid="topup-owed-note" data-on-hold={onHold || undefined}>
              {t(onHold ? 'balance.owedOnHoldNote' : 'balance.owedNote')}
            </p>
          )}
        </div>
      </div>
      <Panel title={t('topUp.panel')}>
        {returnTo === '/payment' && (
          <p className="wallet-form__return" data-testid="topup-return-note">
            {t('topUp.forPurchase')}
          </p>
        )}
        <form className="wallet-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
          {formError && <WalletAlert detail={formError.detail}>{formError.text}</WalletAlert>}
          <div className={`field${shownAmountError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={amountId}>
              {t('topUp.amount')}
            </label>
            <div className="money-input">
              <span className="money-input__currency" aria-hidden="true">
                $
              </span>
              <input
                id={amountId}
                className="field__control money-input__control"
                data-testid="topup-amount"
                name="amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={amount}
                disabled={busy}
                aria-invalid={shownAmountError ? true : undefined}
                aria-describedby={`${amountId}-meta`}
                onChange={(event) => changeAmount(event.target.value)}
                onBlur={() => amount.trim() && setTouched(true)}
              />
            </div>
            <div className="field__meta" id={`${amountId}-meta`}>
              {shownAmountError ? <p className="field__error">{shownAmountError}</p> : <span className="field__hint">{t('topUp.amountHint')}</span>}
            </div>
          </div>
          <div className="quick-amounts" role="group" aria-label={t('topUp.quick')}>
            {quickAmounts.map((value) => (
              <button key={value} type="button" className="quick-amounts__chip" aria-pressed={dollars === value} disabled={busy} onClick={() => pick(value)}>
                ${value}
              </button>
            ))}
          </div>
          <ProviderCards value={provider} onChange={choose} disabled={busy} error={describeMessage(tv, serverErrors.provider)} />
          <div className="wallet-form__foot">
            <div className="wallet-form__notes">
              <p className="wallet-form__fee">{t('topUp.feeNote')}</p>
              <p>{t('topUp.redirectNote')}</p>
            </div>
            <Button busy={busy} type="submit" variant="primary" size="lg" data-testid="topup-pay" disabled={!valid || busy}>
              {payLabel}
            </Button>
          </div>
        </form>
      </Panel>
    </DashboardPage>
  );
}
