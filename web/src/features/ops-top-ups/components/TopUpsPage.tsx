import { useState } from 'react';
import type { OpsTopUp } from '@numbernest/contracts/ops';
import { type Column } from '@/components/data-table/DataTable';
import { PagedTable } from '@/features/ops-shared/components/paged-table/PagedTable';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { WalletIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { useTopUpsInReview } from '@/features/ops-top-ups/api/use-top-ups-in-review';
import { DecideTopUpDialog } from './DecideTopUpDialog';
import { Button } from '@/components/button/Button';
import './TopUpsPage.css';

/** What was paid, in the provider's currency when it is not the top-up's own. */
const paidText = (topUp: OpsTopUp) =>
  topUp.paid === null
    ? '?'
    : topUp.paid_currency && topUp.paid_currency.toUpperCase() !== topUp.currency.toUpperCase()
      ? usd(topUp.paid, { currency: topUp.paid_currency })
      : usd(topUp.paid);

const notificationText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * The top-ups whose provider notification did not match (amount, currency, merchant): each waits
 * here until an operator approves it (the amount paid is credited) or rejects it (nothing moves).
 */
export default function TopUpsPage() {
  const { t, i18n } = useTranslation(['ops-top-ups', 'ops']);
  const toast = useToast();
  const list = useTopUpsInReview();
  const { items, mutate } = list;
  const [deciding, setDeciding] = useState<{ topUp: OpsTopUp; decision: 'approve' | 'reject' } | null>(null);
  // Decided rows leave at once; the list is read again behind them.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const rows = items.filter((topUp) => !decided.has(topUp.id));

  const columns: Column<OpsTopUp>[] = [
    {
      key: 'when',
      header: t('columns.when'),
      cell: (topUp) => <time dateTime={topUp.reviewed_at ?? topUp.created_at}>{formatDateTime(topUp.reviewed_at ?? topUp.created_at, i18n.language)}</time>,
    },
    { key: 'user', header: t('columns.user'), cell: (topUp) => <span className="ops-top-ups__email">{topUp.user.email}</span> },
    { key: 'provider', header: t('columns.provider'), cell: (topUp) => t(`providers.${topUp.provider}`) },
    { key: 'asked', header: t('columns.asked'), numeric: true, cell: (topUp) => usd(topUp.asked) },
    {
      key: 'paid',
      header: t('columns.paid'),
      numeric: true,
      cell: (topUp) => <strong className={topUp.paid !== topUp.asked ? 'ops-top-ups__differs' : undefined}>{paidText(topUp)}</strong>,
    },
    {
      key: 'reason',
      header: t('columns.reason'),
      cell: (topUp) => (
        <div className="ops-top-ups__reason">
          <span>{topUp.review_reason ?? t('ops:common.none')}</span>
          <details className="ops-top-ups__details">
            <summary>{t('details.summary')}</summary>
            <dl>
              <dt>{t('details.id')}</dt>
              <dd>
                <code>{topUp.id}</code>
              </dd>
              {topUp.provider_ref && (
                <>
                  <dt>{t('details.providerRef')}</dt>
                  <dd>
                    <code>{topUp.provider_ref}</code>
                  </dd>
                </>
              )}
              {topUp.paid_merchant && (
                <>
                  <dt>{t('details.merchant')}</dt>
                  <dd>
                    <code>{topUp.paid_merchant}</code>
                  </dd>
                </>
              )}
            </dl>
            <pre className="ops-top-ups__notification">{topUp.notification === null ? t('details.noNotification') : notificationText(topUp.notification)}</pre>
          </details>
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (topUp) => (
        <div className="ops-top-ups__actions">
          <Button
            variant="primary"
            size="sm"
            disabled={!topUp.approvable}
            title={topUp.approvable ? undefined : t('notApprovable')}
            onClick={() => setDeciding({ topUp, decision: 'approve' })}
          >
            {t('approve')}
          </Button>
          <Button variant="danger-outline" size="sm" onClick={() => setDeciding({ topUp, decision: 'reject' })}>
            {t('reject')}
          </Button>
        </div>
      ),
    },
  ];

  const done = (id: string, result: { topUp?: OpsTopUp; conflict?: string }) => {
    setDeciding(null);
    setDecided((before) => new Set([...before, id]));
    if (result.conflict) toast.warning(result.conflict);
    else if (result.topUp?.status === 'paid') toast.success(t('approved', { amount: usd(result.topUp.paid ?? 0), email: result.topUp.user.email }));
    else toast.success(t('rejected'));
    void mutate();
  };

  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <Panel title={t('caption')}>
        <PagedTable
          list={list}
          icon={WalletIcon}
          caption={t('caption')}
          columns={columns}
          rows={rows}
          rowKey={(topUp) => topUp.id}
          empty={<EmptyState icon={WalletIcon} title={t('empty')} text={t('emptyText')} />}
          testId="ops-top-ups-table"
        />
      </Panel>
      {deciding && (
        <DecideTopUpDialog
          topUp={deciding.topUp}
          decision={deciding.decision}
          onCancel={() => setDeciding(null)}
          onDone={(result) => done(deciding.topUp.id, result)}
        />
      )}
    </DashboardPage>
  );
}
