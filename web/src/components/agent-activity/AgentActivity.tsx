import type { AgentActivation, AgentActivationOutcome } from '@numbernest/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button/Button';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ServerIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { useAgentActivations } from '@/lib/agent-activity/use-agent-activations';
import { useAgentStock } from '@/lib/agent-activity/use-agent-stock';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import './agent-activity.css';

/** An agent's all-time success rate (sold / ended) in the language's percent form; a dash until one ended. */
export function SuccessRate({ rate }: { rate: number | null }) {
  const { t, i18n } = useTranslation('agent-activity');
  if (rate === null) return <span title={t('rate.none')}>—</span>;
  return <>{new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(rate)}</>;
}

const outcomeLook: Record<AgentActivationOutcome, string> = {
  waiting: 'agent-outcome--waiting',
  sold: 'agent-outcome--sold',
  cancelled: 'agent-outcome--cancelled',
  refunded: 'agent-outcome--refunded',
  used: 'agent-outcome--used',
};

/**
 * One agent's work, for its partner and the operators: its stock by country and service (opened on
 * demand) and the activations it served, newest first, 50 at a time. `agentPath` is the agent's API
 * path for whoever looks (`/user/partner/agents/{id}` or `/ops/agents/{id}`).
 */
export function AgentActivity({ agentPath, name, onClose }: { agentPath: string; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('agent-activity');
  const activations = useAgentActivations(agentPath);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.focus();
  }, [agentPath]);

  const columns: Column<AgentActivation>[] = [
    {
      key: 'started',
      header: t('columns.started'),
      cell: (a) => <time dateTime={a.started_at}>{formatDateTime(a.started_at, i18n.language)}</time>,
    },
    { key: 'country', header: t('columns.country'), cell: (a) => a.country_name },
    { key: 'service', header: t('columns.service'), cell: (a) => a.service ?? t('anyService') },
    { key: 'number', header: t('columns.number'), cell: (a) => <span className="agent-activity__number">{a.number}</span> },
    {
      key: 'outcome',
      header: t('columns.outcome'),
      cell: (a) => (
        <span className={`agent-outcome ${outcomeLook[a.outcome]}`} data-testid="activation-outcome">
          {t(`outcomes.${a.outcome}`)}
        </span>
      ),
    },
    { key: 'earned', header: t('columns.earned'), numeric: true, cell: (a) => (a.outcome === 'sold' ? usd(a.earned) : '—') },
  ];

  return (
    <div ref={panel} tabIndex={-1} className="agent-activity" data-testid="agent-activity">
      <Panel
        title={t('title', { name })}
        action={
          <Button size="sm" onClick={onClose}>
            {t('close')}
          </Button>
        }
      >
        <StockBreakdown agentPath={agentPath} />
        <h3 className="agent-activity__subtitle">{t('activations')}</h3>
        {activations.error && !activations.data ? (
          <div className="agent-activity__problem" role="alert">
            <p>{t('loadError')}</p>
            <Button size="sm" onClick={() => void activations.mutate()}>
              {t('retry')}
            </Button>
          </div>
        ) : !activations.data ? (
          <Loader block />
        ) : (
          <>
            <DataTable
              caption={t('activations')}
              columns={columns}
              rows={activations.activations}
              rowKey={(a) => a.id}
              empty={<EmptyState icon={ServerIcon} title={t('empty')} text={t('emptyText')} />}
              testId="agent-activations"
              rowTestId="agent-activation"
            />
            {activations.hasMore && (
              <div className="agent-activity__more">
                <Button size="sm" busy={activations.isValidating} onClick={() => void activations.loadMore()}>
                  {t('loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </Panel>
    </div>
  );
}

/** The agent's fresh stock, "Country · Service · count", largest first, read when opened. */
function StockBreakdown({ agentPath }: { agentPath: string }) {
  const { t, i18n } = useTranslation('agent-activity');
  const [opened, setOpened] = useState(false);
  const stock = useAgentStock(agentPath, { enabled: opened });
  const count = (n: number) => n.toLocaleString(i18n.language);
  const data = stock.data?.data;
  return (
    <details className="agent-stock" onToggle={(event) => setOpened(opened || event.currentTarget.open)} data-testid="agent-stock-breakdown">
      <summary>{t('stock.title')}</summary>
      {!opened ? null : stock.error ? (
        <p className="agent-activity__problem" role="alert">
          {t('stock.loadError')}
        </p>
      ) : !data ? (
        <Loader />
      ) : data.rows.length === 0 ? (
        <p className="agent-stock__empty">{t('stock.empty')}</p>
      ) : (
        <ul className="agent-stock__rows">
          {data.rows.map((row) => (
            <li key={`${row.country_code}:${row.service}`} className="agent-stock__row" data-testid="agent-stock-row">
              <span>
                {row.country_name} · {row.service}
              </span>
              <span className="agent-stock__count">{count(row.count)}</span>
            </li>
          ))}
          {data.rest > 0 && (
            <li className="agent-stock__row agent-stock__row--rest" data-testid="agent-stock-rest">
              <span>{t('stock.rest')}</span>
              <span className="agent-stock__count">{count(data.rest)}</span>
            </li>
          )}
          <li className="agent-stock__row agent-stock__row--total">
            <span>{t('stock.total')}</span>
            <span className="agent-stock__count">{count(data.total)}</span>
          </li>
        </ul>
      )}
    </details>
  );
}
