import type { SourceDeliveryRow } from '@numbernest/contracts/ops';
import { Button } from '@/components/button/Button';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { CartIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { deliveryPercent } from '@/lib/catalog/delivery-rate';
import { formatDurationMs } from '@/lib/durations';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { useDeliveryBySource } from '@/features/ops-upstreams/api/use-delivery-by-source';

/**
 * How each source delivered over the last 30 days, over every country and service: our numbers, each
 * partner's agent and each upstream, most purchases first, with the share that got a code (hidden
 * below the server's minimum of purchases), the median time to the code, the average margin and the
 * numbers reported as already used.
 */
export function DeliveryBySourceSection() {
  const { t, i18n } = useTranslation(['ops-upstreams', 'ops']);
  const { data, error, isLoading, mutate } = useDeliveryBySource();
  const lng = i18n.language;
  const count = (value: number) => value.toLocaleString(lng);
  const least = data?.min_purchases_for_rate ?? 20;
  const rows = data ? [...data.data].sort((a, b) => b.purchases - a.purchases) : undefined;

  const columns: Column<SourceDeliveryRow>[] = [
    {
      key: 'source',
      header: t('delivery.columns.source'),
      cell: (row) =>
        row.kind === 'own' ? (
          <strong>{t('delivery.own')}</strong>
        ) : (
          <div className="ops-upstreams__stack ops-upstreams__source-name">
            <strong>{row.name}</strong>
            <span className="ops-upstreams__muted">{t(`delivery.kinds.${row.kind}`)}</span>
          </div>
        ),
    },
    { key: 'purchases', header: t('delivery.columns.purchases'), numeric: true, cell: (row) => count(row.purchases) },
    { key: 'codes', header: t('delivery.columns.codes'), numeric: true, cell: (row) => count(row.codes) },
    {
      key: 'rate',
      header: t('delivery.columns.rate'),
      numeric: true,
      cell: (row) =>
        row.rate === null ? (
          <span className="ops-upstreams__muted" title={t('delivery.tooFew', { count: least })}>
            —
          </span>
        ) : (
          deliveryPercent(row.rate, lng)
        ),
    },
    {
      key: 'median',
      header: t('delivery.columns.median'),
      numeric: true,
      cell: (row) => <span className="ops-upstreams__nowrap">{row.median_ms_to_code === null ? '—' : formatDurationMs(row.median_ms_to_code, lng)}</span>,
    },
    {
      key: 'margin',
      header: t('delivery.columns.margin'),
      numeric: true,
      cell: (row) => <span className={row.margin < 0 ? 'ops-upstreams__loss' : undefined}>{formatMoney(row.margin, lng)}</span>,
    },
    { key: 'reported', header: t('delivery.columns.reported'), numeric: true, cell: (row) => count(row.reported) },
  ];

  return (
    <Panel title={t('delivery.title')}>
      <p className="ops-upstreams__lead">{t('delivery.lead', { count: least })}</p>
      {isLoading && !rows ? (
        <Loader block />
      ) : !rows ? (
        <EmptyState
          icon={CartIcon}
          title={error ? t('ops:common.failed') : t('delivery.title')}
          action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
        />
      ) : (
        <DataTable
          caption={t('delivery.title')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.source}
          empty={<EmptyState icon={CartIcon} title={t('delivery.empty')} text={t('delivery.emptyText')} />}
          testId="ops-delivery-table"
          rowTestId="ops-delivery-row"
        />
      )}
    </Panel>
  );
}
