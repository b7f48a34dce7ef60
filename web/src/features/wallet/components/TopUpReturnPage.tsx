import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TopUpStatus } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { ApiError } from '@/lib/api-client';
import { useAuthState } from '@/lib/auth-state';
import { usd } from '@/lib/money';
import { readPurchaseHandoff } from '@/lib/purchase-handoff';
import { ResultCard, useProviderFromPath, type ResultAction, type ResultTone } from '@/components/result-page/ResultPage';
import { clearPaymentInfo, readPaymentInfo } from '@/features/wallet/api/payment-info';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { topUpPatienceMs, useTopUp } from '@/features/wallet/api/use-top-up';
import './wallet.css';

type View = 'signedOut' | 'missing' | 'notFound' | 'pending' | 'slow' | Exclude<TopUpStatus, 'pending'>;

const toneOf: Record<View, ResultTone> = {
  signedOut: 'info',
  missing: 'info',
  notFound: 'info',
  pending: 'pending',
  slow: 'info',
  review: 'info',
  paid: 'success',
  failed: 'failed',
  expired: 'failed',
  rejected: 'failed',
};

const to = {
  signIn: '/logIn',
  topUp: '/dashboard/topup-balance',
  history: '/dashboard/transaction',
  dashboard: '/dashboard',
  getNumber: '/#get-number',
  support: '/contact-us',
  purchase: '/payment',
} as const;
type ActionKey = keyof typeof to;

// Where each view leads next: the primary action first. While confirming, the page waits.
const actionsOf: Record<View, ActionKey[]> = {
  signedOut: ['signIn'],
  missing: ['history', 'topUp'],
  notFound: ['history', 'topUp'],
  pending: [],
  slow: ['dashboard', 'history'],
  review: ['dashboard', 'support'],
  paid: ['getNumber', 'dashboard'],
  failed: ['topUp', 'support'],
  expired: ['topUp', 'support'],
  rejected: ['support', 'topUp'],
};
const actionLabel: Record<ActionKey, string> = {
  signIn: 'actions.signIn',
  topUp: 'actions.tryAgain',
  history: 'actions.history',
  dashboard: 'actions.dashboard',
  getNumber: 'actions.getNumber',
  support: 'actions.support',
  purchase: 'actions.purchase',
};

/** Asking again cannot help: the top-up is not this user's, or the id is malformed. */
const isFinal = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

/**
 * Back from a provider (`/{provider}/success?top_up=<id>`, `/top-up-successful`): the outcome comes
 * from GET /user/top-ups/{id}, never from the URL alone. Polls every 1.5 s while pending, for about
 * a minute; when paid, refreshes the balance and shows it, and a top-up made from Payment for the
 * purchase still waiting goes back there to finish it.
 */
export default function TopUpReturnPage() {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const pathProvider = useProviderFromPath();
  const { loggedIn, user } = useAuthState();
  const [stored] = useState(readPaymentInfo);
  const id = params.get('top_up')?.trim() || stored.transactionId || null;

  const [timedOut, setTimedOut] = useState(false);
  const { data, error } = useTopUp(loggedIn ? id : null, { poll: !timedOut });
  const topUp = data?.data ?? null;

  useEffect(() => {
    if (!loggedIn || !id) return;
    const timer = setTimeout(() => setTimedOut(true), topUpPatienceMs);
    return () => clearTimeout(timer);
  }, [loggedIn, id]);

  // Once the outcome is known: forget the stored payment, and after a payment refresh the balance.
  const refreshBalance = useRefreshBalance();
  const [balanceReady, setBalanceReady] = useState(false);
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!topUp || topUp.status === 'pending' || settled.current === topUp.id) return;
    settled.current = topUp.id;
    if (readPaymentInfo().transactionId === topUp.id) clearPaymentInfo();
    if (topUp.status === 'paid') void refreshBalance().finally(() => setBalanceReady(true));
  }, [topUp, refreshBalance]);

  const view: View = !loggedIn
    ? 'signedOut'
    : !id
      ? 'missing'
      : topUp && topUp.status !== 'pending'
        ? topUp.status
        : !topUp && isFinal(error)
          ? 'notFound'
          : timedOut
            ? 'slow'
            : 'pending';
  const status: TopUpStatus | undefined = topUp?.status ?? (view === 'pending' || view === 'slow' ? 'pending' : undefined);
  const provider = pathProvider ?? topUp?.provider ?? (stored.transactionId === id ? stored.paymentMethod : null) ?? null;
  // Topped up to pay for a number: the purchase record is still waiting, so lead back to it first.
  const [purchaseWaiting] = useState(() => readPurchaseHandoff() !== null);
  // Topped up from Payment for that record: once the money is on the balance, straight back there.
  const backToPayment = purchaseWaiting && stored.transactionId === id && stored.returnTo === to.purchase;
  const navigate = useNavigate();
  useEffect(() => {
    if (backToPayment && view === 'paid' && balanceReady) void navigate(to.purchase, { replace: true });
  }, [backToPayment, view, balanceReady, navigate]);
  const keys: ActionKey[] = view === 'paid' && purchaseWaiting ? ['purchase', 'dashboard'] : actionsOf[view];
  const actions: ResultAction[] = keys.map((key) => ({ to: to[key], label: t(actionLabel[key]) }));

  return (
    <ResultCard tone={toneOf[view]} title={t(`return.${view}.title`)} provider={provider} actions={actions}>
      <p
        className="result__text"
        role="status"
        aria-live="polite"
        data-testid="topup-status"
        data-status={status}
        data-timed-out={view === 'slow' || undefined}
      >
        {t(`return.${view}.status`, { amount: topUp ? usd(topUp.amount) : '' })}
      </p>
      {view === 'paid' && topUp && (
        <dl className="result__facts">
          <div>
            <dt>{t('return.amount')}</dt>
            <dd>{usd(topUp.amount)}</dd>
          </div>
          <div>
            <dt>{t('return.newBalance')}</dt>
            <dd data-testid="topup-balance">{balanceReady ? usd(user?.balance ?? 0) : <Loader size="sm" />}</dd>
          </div>
        </dl>
      )}
    </ResultCard>
  );
}
