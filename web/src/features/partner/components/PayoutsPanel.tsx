import { minPayoutDollars, type Payout, type PayoutStatus, type RequestPayoutRequest } from '@numbernest/contracts';
import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { WalletIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { useAuthState } from '@/lib/auth-state';
import { useBalance } from '@/lib/balance';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { usePayouts } from '@/features/partner/api/use-payouts';
import { useRequestPayout } from '@/features/partner/api/use-request-payout';
import { RequestPayoutDialog } from './RequestPayoutDialog';

const statusLook: Record<PayoutStatus, string> = {
  requested: 'partner-state--warning',
  paid: 'partner-state--active',
  refused: 'partner-state--blocked',
};

/**
 * Payouts: the balance that may be paid out, "Request payout" (one open request at a time: the
 * server's rule, said here before it refuses), and every request with its state: waiting, paid
 * (with the transfer's reference) or refused (with the reason; the amount went back to the balance).
 */
export function PayoutsPanel() {
  const { t, i18n } = useTranslation('partner');
  const toast = useToast();
  const { user } = useAuthState();
  // A fresh balance: what may be paid out now (the stored one may be from before the last top-up).
  useBalance(Boolean(user?.email_verified_at));
  const payouts = usePayouts();
  const requestPayout = useRequestPayout();
  const [asking, setAsking] = useState(false);
  const list = payouts.data?.data ?? [];
  const open = list.some((payout) => payout.status === 'requested');
  const balance = user?.balance ?? 0;
  // Below the least payout there is nothing to ask for (the empty list says so too).
  const tooLittle = balance < minPayoutDollars;

  async function submit(request: RequestPayoutRequest, idempotencyKey: string) {
    const { data } = await requestPayout(request, idempotencyKey);
    toast.success(t('payouts.requested', { amount: usd(data.amount) }));
    setAsking(false);
  }

  return (
    <Panel
      title={t('payouts.title')}
      action={
        <Button size="sm" variant="primary" disabled={open || tooLittle || !payouts.data} onClick={() => setAsking(true)}>
          {t('payouts.request')}
        </Button>
      }
    >
      <p className="partner-payouts__balance" data-testid="payout-balance">
        <span>{t('payouts.available')}</span> <strong>{usd(balance)}</strong>
      </p>
      {open ? (
        <p className="partner-note">{t('payouts.oneOpen')}</p>
      ) : (
        tooLittle && list.length > 0 && <p className="partner-note">{t('payouts.belowMin', { min: usd(minPayoutDollars) })}</p>
      )}
      {payouts.error && !payouts.data ? (
        <div className="partner-problem" role="alert">
          <p>{t('payouts.loadError')}</p>
          <Button size="sm" onClick={() => void payouts.mutate()}>
            {t('retry')}
          </Button>
        </div>
      ) : !payouts.data ? (
        <Loader block />
      ) : list.length === 0 ? (
        <EmptyState icon={WalletIcon} title={t('payouts.empty')} text={t('payouts.emptyText')} />
      ) : (
        <ul className="partner-payouts" data-testid="payouts">
          {list.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} language={i18n.language} />
          ))}
        </ul>
      )}
      {asking && <RequestPayoutDialog balance={balance} onSubmit={submit} onClose={() => setAsking(false)} />}
    </Panel>
  );
}

function PayoutRow({ payout, language }: { payout: Payout; language: string }) {
  const { t } = useTranslation('partner');
  return (
    <li className="partner-payout" data-testid="payout">
      <div className="partner-payout__head">
        <strong className="partner-payout__amount">{usd(payout.amount)}</strong>
        <span className={`partner-state ${statusLook[payout.status]}`} data-testid="payout-status">
          {t(`payouts.status.${payout.status}`)}
        </span>
      </div>
      <span className="partner-payout__destination">{payout.destination}</span>
      <span className="partner-payout__meta">
        {t('payouts.requestedAt', { time: formatDateTime(payout.requested_at, language) })}
        {payout.decided_at && <> · {t(`payouts.decidedAt.${payout.status}`, { time: formatDateTime(payout.decided_at, language) })}</>}
      </span>
      {payout.status === 'paid' && payout.reference && (
        <span className="partner-payout__note" data-testid="payout-reference">
          {t('payouts.reference', { reference: payout.reference })}
        </span>
      )}
      {payout.status === 'refused' && payout.reason && (
        <span className="partner-payout__note partner-payout__note--refused" data-testid="payout-reason">
          {t('payouts.reason', { reason: payout.reason })}
        </span>
      )}
    </li>
  );
}
