import type { PurchaseDecision, SourceKind } from '@numbernest/contracts/ops';
import { Button } from '@/components/button/Button';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ReceiptIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { deliveryPercent } from '@/lib/catalog/delivery-rate';
import { formatDateTime } from '@/lib/dates';
import { formatDurationMs } from '@/lib/durations';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { useUserPurchaseDecisions } from '@/features/ops-users/api/use-user-purchase-decisions';

type Candidate = PurchaseDecision['candidates'][number];
type Try = PurchaseDecision['tried'][number];

/**
 * A source as operators call it: our numbers in the page's language, an agent or upstream by its name
 * and kind (in a table the kind goes under the name, so the columns fit at 1280 px).
 */
function SourceName({ source, stacked = false }: { source: { kind: SourceKind; name: string }; stacked?: boolean }) {
  const { t } = useTranslation('ops-users');
  if (source.kind === 'own') return <strong>{t('decisions.own')}</strong>;
  return (
    <span className={stacked ? 'ops-users__source ops-users__source--stacked' : 'ops-users__source'}>
      <strong>{source.name}</strong> <span className="ops-users__hint">{t(`decisions.kinds.${source.kind}`)}</span>
    </span>
  );
}

function DecisionDetails({ decision }: { decision: PurchaseDecision }) {
  const { t, i18n } = useTranslation('ops-users');
  const lng = i18n.language;
  const candidates: Column<Candidate & { order: number }>[] = [
    { key: 'order', header: t('decisions.order'), numeric: true, cell: (c) => c.order },
    { key: 'source', header: t('decisions.source'), cell: (c) => <SourceName source={c} stacked /> },
    {
      key: 'rate',
      header: t('decisions.rate'),
      numeric: true,
      cell: (c) =>
        c.rate === null ? (
          <span className="ops-users__hint" title={t('decisions.rateUnknown')}>
            —
          </span>
        ) : (
          deliveryPercent(c.rate, lng)
        ),
    },
    { key: 'ranked', header: t('decisions.rankedBy'), numeric: true, cell: (c) => deliveryPercent(c.rank_rate, lng) },
    { key: 'activations', header: t('decisions.activations'), numeric: true, cell: (c) => c.activations.toLocaleString(lng) },
    { key: 'margin', header: t('decisions.margin'), numeric: true, cell: (c) => formatMoney(c.margin, lng) },
    {
      key: 'median',
      header: t('decisions.median'),
      numeric: true,
      cell: (c) => <span className="ops-users__nowrap">{c.median_ms_to_code === null ? '—' : formatDurationMs(c.median_ms_to_code, lng)}</span>,
    },
  ];
  const tried: Column<Try & { order: number }>[] = [
    { key: 'order', header: t('decisions.order'), numeric: true, cell: (a) => a.order },
    { key: 'source', header: t('decisions.source'), cell: (a) => <SourceName source={a} stacked /> },
    {
      key: 'answer',
      header: t('decisions.answer'),
      cell: (a) => (
        <span className="ops-users__wrap">
          <span className={`ops-users__status ops-users__outcome--${a.outcome === 'bought' ? 'bought' : 'missed'}`}>
            {t(`decisions.outcomes.${a.outcome}`)}
          </span>
          {a.detail && <span className="ops-users__hint"> {a.detail}</span>}
        </span>
      ),
    },
    { key: 'time', header: t('decisions.time'), numeric: true, cell: (a) => <span className="ops-users__nowrap">{formatDurationMs(a.ms, lng)}</span> },
  ];
  return (
    <div className="ops-users__decision-details">
      <h4>{t('decisions.candidates')}</h4>
      <DataTable
        caption={t('decisions.candidates')}
        columns={candidates}
        rows={decision.candidates.map((c, i) => ({ ...c, order: i + 1 }))}
        rowKey={(c) => c.source}
        empty={<p className="ops-users__hint">{t('decisions.noCandidates')}</p>}
      />
      <h4>{t('decisions.excluded')}</h4>
      {decision.excluded.length ? (
        <ul className="ops-users__excluded">
          {decision.excluded.map((source) => (
            <li key={source.source}>
              <SourceName source={source} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="ops-users__hint">{t('decisions.noneExcluded')}</p>
      )}
      <h4>{t('decisions.tried')}</h4>
      <DataTable
        caption={t('decisions.tried')}
        columns={tried}
        rows={decision.tried.map((a, i) => ({ ...a, order: i + 1 }))}
        rowKey={(a) => `${a.order}`}
        empty={<p className="ops-users__hint">{t('decisions.noneTried')}</p>}
      />
      <p className="ops-users__hint">{t('decisions.routedIn', { time: formatDurationMs(decision.ms, lng) })}</p>
    </div>
  );
}

/**
 * Why each of the customer's Temporary purchases got the number it got, newest first: when, where,
 * what was bought from whom (or that none sold), and, opened, the sources in the order they were to
 * be asked with what was measured of them, those the rules kept out, and each answer with its time.
 */
export function PurchaseDecisions({ sub }: { sub: string }) {
  const { t, i18n } = useTranslation(['ops-users', 'ops']);
  const { data, error, isLoading, mutate } = useUserPurchaseDecisions(sub);
  const lng = i18n.language;
  if (isLoading && !data) return <Loader block />;
  if (!data)
    return (
      <EmptyState
        icon={ReceiptIcon}
        title={error ? t('ops:common.failed') : t('tabs.decisions')}
        action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
      />
    );
  if (!data.data.length) return <EmptyState icon={ReceiptIcon} title={t('decisions.empty')} text={t('decisions.emptyText')} />;
  return (
    <>
      <p className="ops-users__hint ops-users__decisions-lead">{t('decisions.lead')}</p>
      <ol className="ops-users__decisions" data-testid="ops-user-decisions">
        {data.data.map((decision) => (
          <li key={decision.id} data-testid="ops-user-decision">
            <details className="ops-users__decision">
              <summary>
                <time dateTime={decision.at}>{formatDateTime(decision.at, lng)}</time>
                <span className="ops-users__decision-place">
                  {decision.country_name ?? `#${decision.country_id}`} · {decision.service_name ?? `#${decision.service_id}`}
                  <span className="ops-users__hint"> · {formatMoney(decision.price, lng)}</span>
                </span>
                <span className="ops-users__decision-outcome">
                  {decision.bought ? (
                    <>
                      <span className="ops-users__status ops-users__outcome--bought">{t('decisions.bought')}</span> <SourceName source={decision.bought} />
                      {decision.rental_id && (
                        <>
                          {' '}
                          <span className="ops-users__hint">{t('decisions.rental')}</span> <code>{decision.rental_id}</code>
                        </>
                      )}
                    </>
                  ) : (
                    <span className="ops-users__status ops-users__outcome--missed">{t('decisions.noneSold')}</span>
                  )}
                </span>
              </summary>
              <DecisionDetails decision={decision} />
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
