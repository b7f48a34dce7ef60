import type { Upstream, UpstreamState } from '@numbernest/contracts';
import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { CartIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { formatDollarRate, formatMoney } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { statusBadgeClass, type StatusTone } from '@/features/ops-shared/components/status-badge/status-badge';
import { removeUpstream } from '@/features/ops-upstreams/api/remove-upstream';
import { updateUpstream } from '@/features/ops-upstreams/api/update-upstream';
import { useUpstreams } from '@/features/ops-upstreams/api/use-upstreams';
import { DeliveryBySourceSection } from './DeliveryBySourceSection';
import { SourceRulesSection } from './SourceRulesSection';
import { UpstreamDialog } from './UpstreamDialog';
import './ops-upstreams.css';

const stateTone: Record<UpstreamState, StatusTone> = { active: 'ok', paused: 'info', removed: 'danger' };

/**
 * The upstream providers we buy Temporary activations from (SMS-Activate's protocol or 5sim's): each
 * one's balance in its currency and in dollars, what we spent, its rate and margin, stock, health and
 * results; add one, change it, pause or resume it, remove it. Below, how each source delivered over 30 days,
 * then the source rules per country and service.
 */
export default function UpstreamsPage() {
  const { t, i18n } = useTranslation(['ops-upstreams', 'ops', 'errors']);
  const toast = useToast();
  const { data, error, isLoading, mutate } = useUpstreams();
  const [editing, setEditing] = useState<Upstream | 'new' | null>(null);
  const [removing, setRemoving] = useState<Upstream | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const upstreams = data?.data;
  const lng = i18n.language;
  const count = (value: number) => value.toLocaleString(lng);

  const failed = (caught: unknown) => toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));

  const setPaused = async (upstream: Upstream, paused: boolean) => {
    setBusy(upstream.id);
    try {
      await updateUpstream(upstream.id, { paused });
      toast.success(t(paused ? 'paused' : 'resumed', { name: upstream.name }));
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(null);
      void mutate();
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(removing.id);
    try {
      await removeUpstream(removing.id);
      toast.success(t('removed', { name: removing.name }));
      setRemoving(null);
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(null);
      void mutate();
    }
  };

  const columns: Column<Upstream>[] = [
    {
      key: 'upstream',
      header: t('columns.upstream'),
      cell: (upstream) => (
        <div className="ops-upstreams__stack ops-upstreams__upstream">
          <strong>{upstream.name}</strong>
          <span className="ops-upstreams__muted">{t(`kinds.${upstream.kind}`)}</span>
          <code className="ops-upstreams__url">{upstream.url}</code>
          <span className="ops-upstreams__muted">{t('keyHint', { hint: upstream.key_hint })}</span>
        </div>
      ),
    },
    {
      key: 'state',
      header: t('columns.state'),
      cell: (upstream) => (
        <div className="ops-upstreams__stack">
          <span className={statusBadgeClass(stateTone[upstream.state])}>{t(`states.${upstream.state}`)}</span>
          {upstream.last_sync_at ? (
            <time className="ops-upstreams__muted ops-upstreams__nowrap" dateTime={upstream.last_sync_at} title={formatDateTime(upstream.last_sync_at, lng)}>
              {t('synced', { when: relativeTime(upstream.last_sync_at, lng) })}
            </time>
          ) : (
            <span className="ops-upstreams__muted">{t('neverSynced')}</span>
          )}
          {upstream.last_error && <span className="ops-upstreams__error">{upstream.last_error}</span>}
        </div>
      ),
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      numeric: true,
      cell: (upstream) =>
        upstream.balance === null ? (
          <span className="ops-upstreams__muted">—</span>
        ) : (
          <div className="ops-upstreams__stack ops-upstreams__stack--end">
            <span>{formatMoney(upstream.balance, lng, { currency: upstream.currency })}</span>
            {upstream.currency !== 'USD' && upstream.balance_usd !== null && (
              <span className="ops-upstreams__muted">{formatMoney(upstream.balance_usd, lng)}</span>
            )}
          </div>
        ),
    },
    { key: 'spend', header: t('columns.spend'), numeric: true, cell: (upstream) => formatMoney(upstream.spend, lng) },
    {
      key: 'rate',
      header: t('columns.rate'),
      numeric: true,
      cell: (upstream) => (
        <div className="ops-upstreams__stack ops-upstreams__stack--end">
          <span className="ops-upstreams__nowrap">{t('rate', { rate: formatDollarRate(upstream.rate, lng), currency: upstream.currency })}</span>
          <span className="ops-upstreams__muted">
            {t('margin', { percent: upstream.min_margin_percent.toLocaleString(lng, { maximumFractionDigits: 1 }) })}
          </span>
        </div>
      ),
    },
    { key: 'stock', header: t('columns.stock'), numeric: true, cell: (upstream) => count(upstream.stock) },
    {
      key: 'results',
      header: t('columns.results'),
      numeric: true,
      cell: (upstream) => (
        <div className="ops-upstreams__stack ops-upstreams__stack--end">
          <span className="ops-upstreams__nowrap">{t('purchases', { count: upstream.purchases, formatted: count(upstream.purchases) })}</span>
          <span className="ops-upstreams__muted ops-upstreams__nowrap">{t('codes', { count: upstream.codes, formatted: count(upstream.codes) })}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (upstream) => (
        <div className="ops-upstreams__actions ops-upstreams__actions--stacked">
          <Button size="sm" aria-label={t('editNamed', { name: upstream.name })} onClick={() => setEditing(upstream)}>
            {t('edit')}
          </Button>
          <Button
            size="sm"
            disabled={busy === upstream.id}
            aria-label={t(upstream.state === 'paused' ? 'resumeNamed' : 'pauseNamed', { name: upstream.name })}
            onClick={() => void setPaused(upstream, upstream.state !== 'paused')}
          >
            {t(upstream.state === 'paused' ? 'resume' : 'pause')}
          </Button>
          <Button variant="danger-outline" size="sm" aria-label={t('removeNamed', { name: upstream.name })} onClick={() => setRemoving(upstream)}>
            {t('remove')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <div className="ops-upstreams">
        <Panel
          title={t('caption')}
          action={
            upstreams && (
              <Button size="sm" variant="primary" onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )
          }
        >
          {isLoading && !upstreams ? (
            <Loader block />
          ) : !upstreams ? (
            <EmptyState
              icon={CartIcon}
              title={error ? t('ops:common.failed') : t('caption')}
              action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
            />
          ) : (
            <DataTable
              caption={t('caption')}
              columns={columns}
              rows={upstreams}
              rowKey={(upstream) => upstream.id}
              empty={
                <EmptyState
                  icon={CartIcon}
                  title={t('empty')}
                  text={t('emptyText')}
                  action={
                    <Button variant="primary" onClick={() => setEditing('new')}>
                      {t('add')}
                    </Button>
                  }
                />
              }
              testId="ops-upstreams-table"
              rowTestId="ops-upstream-row"
            />
          )}
        </Panel>
        <DeliveryBySourceSection />
        <SourceRulesSection />
      </div>

      {editing && (
        <UpstreamDialog
          upstream={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            toast.success(t(editing === 'new' ? 'added' : 'saved', { name: saved.name }));
            void mutate();
          }}
        />
      )}

      {removing && (
        <Modal
          title={t('confirm.title', { name: removing.name })}
          onClose={() => busy === null && setRemoving(null)}
          footer={
            <>
              <Button onClick={() => setRemoving(null)} disabled={busy !== null}>
                {t('ops:common.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove()} disabled={busy !== null} data-testid="upstream-remove-confirm">
                {t('remove')}
              </Button>
            </>
          }
        >
          <p>{t('confirm.text')}</p>
        </Modal>
      )}
    </DashboardPage>
  );
}
