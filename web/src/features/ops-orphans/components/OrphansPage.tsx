import { orphanStatuses, type OrphanMessage, type OrphanStatus } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { type Column } from '@/components/data-table/DataTable';
import { PagedTable } from '@/features/ops-shared/components/paged-table/PagedTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { InboxIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { Tabs } from '@/components/tabs/Tabs';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { useOrphans } from '@/features/ops-orphans/api/use-orphans';
import { AssignModal } from './AssignModal';
import { DismissModal } from './DismissModal';
import { Button } from '@/components/button/Button';
import './OrphansPage.css';

const isStatus = (value: string | null): value is OrphanStatus => (orphanStatuses as readonly (string | null)[]).includes(value);

/** Inbound SMS that reached no renter: an operator gives each to the rental that holds its number now, or sets it aside. */
export default function OrphansPage() {
  const { t, i18n } = useTranslation(['ops-orphans', 'ops']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: OrphanStatus = isStatus(requested) ? requested : 'open';
  const list = useOrphans(status);
  const { items, mutate } = list;
  const [acting, setActing] = useState<{ kind: 'assign' | 'dismiss'; orphan: OrphanMessage } | null>(null);

  const done = () => {
    setActing(null);
    void mutate();
  };

  const columns: Column<OrphanMessage>[] = [
    {
      key: 'time',
      header: t('columns.time'),
      cell: (o) => <time dateTime={o.received_at}>{formatDateTime(o.received_at, i18n.language)}</time>,
    },
    {
      key: 'number',
      header: t('columns.number'),
      cell: (o) => (
        <span className="orphans__number">
          <span>{o.number || t('noNumber')}</span>
          <small>{t(`reasons.${o.reason}`)}</small>
        </span>
      ),
    },
    { key: 'from', header: t('columns.from'), cell: (o) => o.from },
    {
      key: 'text',
      header: t('columns.text'),
      cell: (o) => (
        <span className="orphans__text">
          {o.text}
          {o.code && <small>{t('code', { code: o.code })}</small>}
        </span>
      ),
    },
    {
      key: 'upstream',
      header: t('columns.upstream'),
      cell: ({ upstream }) =>
        upstream.provider === 'twilio'
          ? 'Twilio'
          : upstream.provider === 'agent'
            ? t('agent', { agent: upstream.agent_id ?? '?' })
            : upstream.provider === 'upstream'
              ? t('upstreamProvider')
              : t('gateway', { device: upstream.device_id ?? '?', sim: upstream.sim ?? '?' }),
    },
    status === 'open'
      ? {
          key: 'actions',
          header: <span className="visually-hidden">{t('columns.actions')}</span>,
          cell: (o) => (
            <span className="orphans__actions">
              <Button variant="primary" size="sm" onClick={() => setActing({ kind: 'assign', orphan: o })}>
                {t('assign.open')}
              </Button>
              <Button size="sm" onClick={() => setActing({ kind: 'dismiss', orphan: o })}>
                {t('dismiss.open')}
              </Button>
            </span>
          ),
        }
      : {
          key: 'resolved',
          header: t('columns.resolved'),
          cell: (o) =>
            o.resolved && (
              <span className="orphans__resolved">
                <span>{o.resolved.by.email}</span>
                <small>{formatDateTime(o.resolved.at, i18n.language)}</small>
                {o.resolved.rental_id && <small>{t('toRental', { id: o.resolved.rental_id })}</small>}
                {o.resolved.reason && <small>{o.resolved.reason}</small>}
              </span>
            ),
        },
  ];

  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <Tabs
        label={t('statusLabel')}
        options={orphanStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        value={status}
        onChange={(value) => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
      />
      <Panel title={t(`captions.${status}`)}>
        <PagedTable
          list={list}
          icon={InboxIcon}
          caption={t(`captions.${status}`)}
          columns={columns}
          rows={items}
          rowKey={(o) => o.id}
          empty={<EmptyState icon={InboxIcon} title={t(`empty.${status}`)} />}
          testId="orphans-table"
        />
      </Panel>
      {acting?.kind === 'assign' && <AssignModal orphan={acting.orphan} onClose={() => setActing(null)} onDone={done} />}
      {acting?.kind === 'dismiss' && <DismissModal orphan={acting.orphan} onClose={() => setActing(null)} onDone={done} />}
    </DashboardPage>
  );
}
