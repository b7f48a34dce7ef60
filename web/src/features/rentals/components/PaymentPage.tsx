import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { NumberType, insufficientFundsReplySchema, minTopUpDollars, type ErrorCode, type PurchaseHandoff } from '@numbernest/contracts';
import { toCents } from '@numbernest/core/pricing';
import { useToast } from '@/components/toast/toast-context';
import { ApiError, retryAt } from '@/lib/api-client';
import { useAuthState } from '@/lib/auth-state';
import { usd } from '@/lib/money';
import { PageIntro } from '@/components/page-intro/PageIntro';
import { useBalance } from '@/lib/balance';
import { dashboardPaths } from '@/lib/paths';
import { useRentalChanged } from '@/features/rentals/api/use-rental-changed';
import { rentalPagePath, topUpPath } from '@/lib/paths';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { HoldPurchaseNote, useAccountHold } from '@/components/account-hold/hold';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { formatDateTime } from '@/lib/dates';
import { clearPurchaseHandoff, purchaseRequestOf, readPurchaseHandoff, saveHandoffPrice } from '@/lib/purchase-handoff';
import { useCurrentPrice } from '@/features/rentals/api/use-current-price';
import { usePurchase } from '@/features/rentals/api/use-purchase';
import { useStanding } from '@/features/rentals/api/use-standing';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';
import { ResultCard } from '@/components/result-page/ResultPage';
import { Button } from '@/components/button/Button';
import './rentals.css';
import './payment.css';

export const paymentPath = '/payment';
const pickerPath = '/#get-number';
/** Sign in, and come back here to pay. */
const signInPath = `/logIn?${new URLSearchParams({ return: paymentPath })}`;

/** Refusals of the account's holding limits and standing (each says what to do), not of the purchase windows. */
const holdingCodes = new Set<ErrorCode>(['HOLDING_LIMIT', 'SLICE_SHARE_LIMIT', 'STANDING_PAUSED']);

/** Why a record cannot be paid: the number went to someone else, the offer is gone, or the record is from an older version. */
type StaleReason = 'taken' | 'gone' | 'outdated' | 'noNumbers';

/**
 * Payment: the purchase record from the picker, the balance, and "Pay $X from balance"
 * (POST /user/rentals). Signed in, it shows inside the dashboard's shell with Pay first, above the
 * order, at every width. Each Pay has its own Idempotency-Key, sent again unchanged after a network
 * error so the number is bought once. Short of balance: a top-up of exactly what is missing (at
 * least the smallest top-up) that keeps the record and comes back here. On hold: no Pay, and why.
 * Paid: the record goes and the new rental's page opens.
 */
export default function PaymentPage() {
  const { t, i18n } = useTranslation('payment');
  const { t: te } = useTranslation('errors');
  const navigate = useNavigate();
  const toast = useToast();
  const { loggedIn, user } = useAuthState();
  // A fresh balance before paying (only with a verified e-mail).
  useBalance(loggedIn && Boolean(user?.email_verified_at));
  const refreshBalance = useRefreshBalance();
  const rentalChanged = useRentalChanged();
  const { trigger, isMutating } = usePurchase();
  const standing = useStanding(loggedIn).data?.data;
  const [handoff, setHandoff] = useState<PurchaseHandoff | null>(readPurchaseHandoff);
  const [stale, setStale] = useState<StaleReason | null>(null);
  const [serverShortfall, setServerShortfall] = useState<number | null>(null);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const attemptKey = useRef<string | null>(null);
  const current = useCurrentPrice(stale ? null : handoff);
  const balance = user?.balance ?? 0;
  const onHold = useAccountHold() !== null;

  // The server's shortfall holds until the balance moves (a top-up, the refresh after the 402).
  useEffect(() => setServerShortfall(null), [balance]);

  if (!handoff && !stale) {
    return (
      <div className="page">
        <PageIntro eyebrow={t('eyebrow')} title={t('title')} />
        <div className="container payment-layout">
          <section className="payment-empty" aria-labelledby="payment-empty">
            <h2 id="payment-empty">{t('empty.title')}</h2>
            <p>{t('empty.text')}</p>
            <Link className="btn btn--primary btn--lg" to="/">
              {t('empty.home')}
            </Link>
          </section>
        </div>
      </div>
    );
  }

  const request = handoff && purchaseRequestOf(handoff);
  const reason: StaleReason | null = stale ?? (!request ? 'outdated' : current === null ? 'gone' : null);
  if (reason || !handoff || !request) {
    const why = reason ?? 'outdated';
    return (
      <ResultCard
        tone="info"
        title={t(`stale.${why}.title`)}
        actions={[
          { to: pickerPath, label: t('stale.pickAgain') },
          { to: dashboardPaths.myNumber, label: t('stale.myNumbers') },
        ]}
      >
        <p className="result__text" data-testid="payment-stale" data-reason={why}>
          {t(`stale.${why}.text`, { number: handoff?.number ?? '', service: handoff?.service ?? '', country: handoff?.country ?? '' })}
        </p>
      </ResultCard>
    );
  }

  const total = handoff.total_price;
  // The catalogue's price now, when it differs from the one the record was made with.
  const newPrice = typeof current === 'number' && toCents(current) !== toCents(total) ? current : null;
  const priceChanged = newPrice !== null;
  const missingCents = toCents(total) - toCents(balance);
  const shortfall = serverShortfall ?? (missingCents > 0 ? missingCents / 100 : null);
  const canPay = loggedIn && !onHold && !priceChanged && shortfall === null && !isMutating;

  const acceptPrice = () => {
    if (newPrice === null) return;
    saveHandoffPrice(newPrice);
    setHandoff({ ...handoff, total_price: newPrice });
    attemptKey.current = null;
  };

  const pay = async () => {
    if (!canPay) return;
    setError(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({ request, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      clearPurchaseHandoff();
      rentalChanged(reply.data, reply.balance);
      toast.success(t('pay.done', { number: reply.data.number }));
      void navigate(rentalPagePath(reply.data.id), { replace: true });
    } catch (failure) {
      // No answer: it may or may not have been bought. The same key makes pressing Pay again safe.
      if (!(failure instanceof ApiError)) return setError({ text: t('pay.offline') });
      attemptKey.current = null;
      if (failure.status === 402) {
        const short = insufficientFundsReplySchema.safeParse(failure.body);
        setServerShortfall(short.success ? short.data.shortfall : Math.max(0.01, missingCents / 100));
        void refreshBalance();
        return;
      }
      if (failure.status === 429) {
        const date = formatDateTime(retryAt(failure), i18n.language);
        // The holding limits and the standing say what they are; the purchase windows keep their page's words.
        const code = errorCodeOf(failure);
        if (code && holdingCodes.has(code))
          return setError({ text: serverErrorText(te, { ...failure.body, params: { ...failure.body.params, until: date } }) });
        return setError({ text: t('pay.limited', { date }) });
      }
      if (failure.status === 404 || failure.status === 409) {
        clearPurchaseHandoff();
        setStale(failure.status === 404 ? 'gone' : errorCodeOf(failure) === 'NO_NUMBERS' ? 'noNumbers' : 'taken');
        return;
      }
      setError({ text: t('pay.failed'), detail: failure.body.message });
    }
  };

  const type = handoff.mobile_number_type_id;
  const rows: [label: string, value: string][] = [
    [t('summary.type'), type ? t(`summary.types.${type}`) : ''],
    [t('summary.country'), handoff.country],
    [t('summary.service'), handoff.service || t('summary.allServices')],
    [t('summary.number'), handoff.mobile_number_id === null ? t('summary.anyNumber') : handoff.number],
    [t('summary.rent'), handoff.rent_time_id === null ? t('summary.temporary') : t(`summary.periods.${handoff.rent_time_id}`, { defaultValue: handoff.rent })],
  ];

  const summary = (
    <section className="payment-summary" aria-labelledby="payment-summary" data-testid="payment-summary">
      <h2 id="payment-summary">{t('summary.title')}</h2>
      <dl>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div className="payment-summary__total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="payment-total">{usd(total)}</dd>
        </div>
      </dl>
    </section>
  );

  if (!loggedIn) {
    return (
      <div className="page">
        <PageIntro eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
        <div className="container payment-layout">
          {summary}
          <section className="payment-pay" aria-labelledby="payment-pay">
            <h2 id="payment-pay">{t('pay.title')}</h2>
            <p className="payment-pay__text">{t('pay.signIn')}</p>
            <Link className="btn btn--primary btn--lg" to={signInPath}>
              {t('pay.signInAction')}
            </Link>
            <Link className="payment-pay__back" to={pickerPath}>
              {t('backToNumbers')}
            </Link>
          </section>
        </div>
      </div>
    );
  }

  return (
    <DashboardPage title={t('title')}>
      <div className="payment-layout payment-layout--signed-in">
        <section className="payment-pay" aria-labelledby="payment-pay" aria-busy={isMutating}>
          <h2 id="payment-pay" className="visually-hidden">
            {t('pay.title')}
          </h2>
          <Button variant="primary" size="lg" block data-testid="pay-from-balance" onClick={() => void pay()} disabled={!canPay} busy={isMutating}>
            {isMutating ? t('pay.paying') : t('pay.submit', { amount: usd(total) })}
          </Button>
          {onHold && <HoldPurchaseNote />}
          {newPrice !== null && (
            <div className="rental-note rental-note--warning" data-testid="payment-price-changed">
              <p className="rental-note__title">{t('priceChanged.title')}</p>
              <p>{t('priceChanged.text', { was: usd(total), now: usd(newPrice) })}</p>
              <div className="rental-note__actions">
                <Button variant="primary" size="sm" onClick={acceptPrice}>
                  {t('priceChanged.accept', { amount: usd(newPrice) })}
                </Button>
                <Link className="btn btn--secondary btn--sm" to={pickerPath}>
                  {t('stale.pickAgain')}
                </Link>
              </div>
            </div>
          )}
          {shortfall !== null && !onHold && <PaymentShortfall missing={shortfall} />}
          {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
          <dl className="payment-pay__facts">
            <div>
              <dt>{t('pay.balance')}</dt>
              <dd data-testid="payment-balance">{usd(balance)}</dd>
            </div>
            <div>
              <dt>{t('pay.total')}</dt>
              <dd>{usd(total)}</dd>
            </div>
            {shortfall === null && (
              <div>
                <dt>{t('pay.after')}</dt>
                <dd>{usd(Math.max(0, toCents(balance) - toCents(total)) / 100)}</dd>
              </div>
            )}
          </dl>
          <p className="payment-pay__note" data-testid="payment-refund-note">
            {t(type === NumberType.Temporary ? 'pay.noteTemporary' : standing && !standing.close_refunds ? 'pay.noteNoRefund' : 'pay.note')}
          </p>
          <Link className="payment-pay__back" to={pickerPath}>
            {t('backToNumbers')}
          </Link>
        </section>
        {summary}
      </div>
    </DashboardPage>
  );
}

/**
 * Short of balance: a top-up of exactly what is missing, or of the smallest top-up the providers
 * take when that is more (and how much stays on the balance then); it comes back here to finish.
 */
function PaymentShortfall({ missing }: { missing: number }) {
  const { t } = useTranslation('payment');
  const topUpCents = Math.max(toCents(missing), toCents(minTopUpDollars));
  const topUp = topUpCents / 100;
  return (
    <div className="shortfall" role="status" data-testid="payment-shortfall" data-shortfall={missing} data-top-up={topUp}>
      <div>
        <p className="shortfall__title">{t('shortfall.title', { amount: usd(missing) })}</p>
        <p className="shortfall__text">
          {topUpCents > toCents(missing)
            ? t('shortfall.minimum', { minimum: usd(topUp), left: usd((topUpCents - toCents(missing)) / 100) })
            : t('shortfall.text')}
        </p>
      </div>
      <Link className="btn btn--primary" to={topUpPath(paymentPath, topUp)} data-testid="top-up-link">
        {t('shortfall.topUp', { amount: usd(topUp) })}
      </Link>
    </div>
  );
}
