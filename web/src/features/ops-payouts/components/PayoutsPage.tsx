import type { OpsPayout, PayoutStatus } from '@numbernest/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button/Button';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { WalletIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { Select } from '@/components/select/Select';
import { useToast } from '@/components/toast/toast-context';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { opsUserPath } from '@/lib/paths';
import { statusBadgeClass, type StatusTone } from '@/features/ops-shared/components/status-badge/status-badge';
import { useOpsPayouts } from '@/features/ops-payouts/api/use-payouts';
import { DecidePayoutDialog } from './DecidePayoutDialog';
import './ops-payouts.css';

const statusTone: Record<PayoutStatus, StatusTone> = { requested: 'warn', paid: 'ok', refused: 'danger' };
type Decided = Exclude<PayoutStatus, 'requested'>;

/**
 * Partners' payouts: the requests waiting for an operator first (oldest first: the amount is already
 * taken from the partner's balance), each approved once the money was sent (with the transfer's
 * reference) or refused (with a reason; the amount goes back); then the decided ones, paid or refused.
 */
export default function PayoutsPage() {
  const { t } = useTranslation(['ops-payouts', 'ops']);
  const toast = useToast();
  const waiting = useOpsPayouts('requested');
  const [decidedStatus, setDecidedStatus] = useState<Decided>('paid');
  const decided = useOpsPayouts(decidedStatus);
  const [deciding, setDeciding] = useState<{ payout: OpsPayout; decision: 'approve' | 'refuse' } | null>(null);

  const columns = usePayoutColumns();
  const waitingColumns: Column<OpsPayout>[] = [
    ...columns.filter((column) => column.key !== 'decision'),
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (payout) => (
        <div className="ops-payouts__actions">
          <Button
            size="sm"
            variant="primary"
            aria-label={t('approveNamed', { email: payout.partner.email })}
            onClick={() => setDeciding({ payout, decision: 'approve' })}
          >
            {t('approve')}
          </Button>
          <Button
            size="sm"
            variant="danger-outline"
            aria-label={t('refuseNamed', { email: payout.partner.email })}
            onClick={() => setDeciding({ payout, decision: 'refuse' })}
          >
            {t('refuse')}
          </Button>
        </div>
      ),
    },
  ];

  const table = (list: typeof waiting, cols: Column<OpsPayout>[], caption: string, empty: string, testId: string) =>
    list.isLoading && !list.data ? (
      <Loader block />
    ) : !list.data ? (
      <EmptyState icon={WalletIcon} title={t('ops:common.failed')} action={<Button onClick={() => void list.mutate()}>{t('ops:common.retry')}</Button>} />
    ) : (
      <DataTable
        caption={caption}
        columns={cols}
        rows={list.data.data}
        rowKey={(payout) => payout.id}
        empty={<EmptyState icon={WalletIcon} title={empty} />}
        testId={testId}
        rowTestId="ops-payout-row"
      />
    );

  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <div className="ops-payouts">
        <Panel title={t('waiting.title', { count: waiting.data?.data.length ?? 0 })}>
          {table(waiting, waitingColumns, t('waiting.caption'), t('waiting.empty'), 'ops-payouts-waiting')}
        </Panel>
        <Panel
          title={t('decided.title')}
          action={
            <Select
              id="payouts-decided-filter"
              className="ops-payouts__filter"
              label={t('decided.filter')}
              value={decidedStatus}
              onChange={(event) => setDecidedStatus(event.target.value as Decided)}
              options={(['paid', 'refused'] as const).map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
          }
        >
          {table(decided, columns, t('decided.caption'), t(`decided.empty.${decidedStatus}`), 'ops-payouts-decided')}
        </Panel>
      </div>
      {deciding && (
        <DecidePayoutDialog
          payout={deciding.payout}
          decision={deciding.decision}
          onCancel={() => setDeciding(null)}
          onDone={({ message, conflict }) => {
            setDeciding(null);
            if (message) toast.success(message);
            if (conflict) toast.error(conflict);
            void waiting.mutate();
            void decided.mutate();
          }}
        />
      )}
    </DashboardPage>
  );
}

/** The columns both lists share: when, whose, how much, where to, and how it was decided. */
function usePayoutColumns(): Column<OpsPayout>[] {
  const { t, i18n } = useTranslation(['ops-payouts', 'ops']);
  const when = (iso: string) => (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)}>
      {relativeTime(iso, i18n.language)}
    </time>
  );
  return [
    { key: 'requested', header: t('columns.requested'), cell: (payout) => when(payout.requested_at) },
    {
      key: 'partner',
      header: t('columns.partner'),
      cell: (payout) => (
        <Link className="ops-payouts__partner" to={opsUserPath(payout.partner.sub)}>
          {payout.partner.email || payout.partner.sub}
        </Link>
      ),
    },
    { key: 'amount', header: t('columns.amount'), numeric: true, cell: (payout) => <strong>{usd(payout.amount)}</strong> },
    { key: 'destination', header: t('columns.destination'), cell: (payout) => <span className="ops-payouts__destination">{payout.destination}</span> },
    {
      key: 'decision',
      header: t('columns.decision'),
      cell: (payout) => (
        <div className="ops-payouts__decision">
          <span className={statusBadgeClass(statusTone[payout.status])}>{t(`status.${payout.status}`)}</span>
          {payout.reference && <span className="ops-payouts__muted">{t('referenceIs', { reference: payout.reference })}</span>}
          {payout.reason && <span className="ops-payouts__muted">{payout.reason}</span>}
          {payout.decided_at && (
            <span className="ops-payouts__muted">
              {when(payout.decided_at)}
              {payout.decided_by && <> · {payout.decided_by.email}</>}
            </span>
          )}
        </div>
      ),
    },
  ];
}
