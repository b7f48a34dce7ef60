import { agentStates, type AgentState, type OpsAgent } from '@numbernest/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AgentActivity, SuccessRate } from '@/components/agent-activity/AgentActivity';
import { Button } from '@/components/button/Button';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ServerIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { Select } from '@/components/select/Select';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { opsUserPath } from '@/lib/paths';
import { serverErrorText } from '@/lib/server-errors';
import { statusBadgeClass, type StatusTone } from '@/features/ops-shared/components/status-badge/status-badge';
import { useAgents } from '@/features/ops-partners/api/use-agents';
import { unblockAgent } from '@/features/ops-partners/api/unblock-agent';
import { BlockAgentDialog } from './BlockAgentDialog';
import { EmailText } from './EmailText';
import './ops-partners.css';

const stateTone: Record<AgentState, StatusTone> = { active: 'ok', paused: 'info', blocked: 'danger', 'over-reporting': 'warn' };
type StateFilter = AgentState | 'all';

/**
 * Every partner's agent, as the platform last polled it: its state (and why), health, stock, sales and
 * what it reported that could not be placed; filter by state, block one with a reason, unblock it.
 */
export default function AgentsPage() {
  const { t, i18n } = useTranslation(['ops-partners', 'ops', 'errors', 'agent-activity']);
  const toast = useToast();
  const { data, error, isLoading, mutate } = useAgents();
  const [filter, setFilter] = useState<StateFilter>('all');
  const [blocking, setBlocking] = useState<OpsAgent | null>(null);
  const [unblocking, setUnblocking] = useState<string | null>(null);
  /** The agent whose activations and stock are shown below the list. */
  const [watched, setWatched] = useState<OpsAgent | null>(null);
  const agents = data?.data;
  const rows = agents?.filter((agent) => filter === 'all' || agent.state === filter) ?? [];
  const count = (state: StateFilter) => (agents ?? []).filter((agent) => state === 'all' || agent.state === state).length;

  const unblock = async (agent: OpsAgent) => {
    setUnblocking(agent.id);
    try {
      await unblockAgent(agent.id);
      toast.success(t('agents.unblocked', { name: agent.name }));
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setUnblocking(null);
      void mutate();
    }
  };

  const when = (iso: string) => (
    <time className="ops-agents__when" dateTime={iso} title={formatDateTime(iso, i18n.language)}>
      {relativeTime(iso, i18n.language)}
    </time>
  );

  const columns: Column<OpsAgent>[] = [
    {
      key: 'agent',
      header: t('agents.columns.agent'),
      cell: (agent) => (
        <div className="ops-agents__agent">
          <strong>{agent.name}</strong>
          <code className="ops-agents__url">{agent.url}</code>
          {agent.partner.email ? (
            <Link className="ops-partners__email ops-agents__partner" to={opsUserPath(agent.partner.sub)}>
              <EmailText email={agent.partner.email} />
            </Link>
          ) : null}
        </div>
      ),
    },
    {
      key: 'state',
      header: t('agents.columns.state'),
      cell: (agent) => (
        <div className="ops-agents__state">
          <span className={statusBadgeClass(stateTone[agent.state])}>{t(`agents.states.${agent.state}`)}</span>
          {agent.state === 'blocked' && agent.blocked_reason && <span className="ops-agents__muted">{agent.blocked_reason}</span>}
          {agent.state === 'over-reporting' && agent.over_reporting_until && (
            <span className="ops-agents__muted">{t('agents.until', { time: formatDateTime(agent.over_reporting_until, i18n.language) })}</span>
          )}
        </div>
      ),
    },
    {
      key: 'poll',
      header: t('agents.columns.lastPoll'),
      cell: (agent) =>
        agent.last_poll_at ? (
          <div className="ops-agents__poll">
            {when(agent.last_poll_at)}
            {agent.last_latency_ms !== null && (
              <span className="ops-agents__muted">{t('agents.latency', { ms: agent.last_latency_ms.toLocaleString(i18n.language) })}</span>
            )}
          </div>
        ) : (
          <span className="ops-agents__muted">{t('agents.neverPolled')}</span>
        ),
    },
    { key: 'stock', header: t('agents.columns.stock'), numeric: true, cell: (agent) => agent.stock.toLocaleString(i18n.language) },
    { key: 'sold', header: t('agents.columns.sold'), numeric: true, cell: (agent) => agent.sold.toLocaleString(i18n.language) },
    { key: 'earned', header: t('agents.columns.earned'), numeric: true, cell: (agent) => usd(agent.earned) },
    { key: 'success', header: t('agent-activity:rate.label'), numeric: true, cell: (agent) => <SuccessRate rate={agent.success_rate} /> },
    {
      key: 'problems',
      header: t('agents.columns.problems'),
      cell: (agent) => <AgentProblems agent={agent} />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('agents.columns.actions')}</span>,
      cell: (agent) => (
        <div className="ops-agents__actions">
          <Button size="sm" aria-label={t('agent-activity:openNamed', { name: agent.name })} onClick={() => setWatched(agent)}>
            {t('agent-activity:open')}
          </Button>
          {agent.state === 'blocked' ? (
            <Button
              size="sm"
              disabled={unblocking === agent.id}
              aria-label={t('agents.unblockNamed', { name: agent.name })}
              onClick={() => void unblock(agent)}
            >
              {t('agents.unblock')}
            </Button>
          ) : (
            <Button variant="danger-outline" size="sm" aria-label={t('agents.blockNamed', { name: agent.name })} onClick={() => setBlocking(agent)}>
              {t('agents.block')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  const filterControl = agents && agents.length > 0 && (
    <Select
      id="agents-state-filter"
      className="ops-agents__filter"
      label={t('agents.filter')}
      value={filter}
      onChange={(event) => setFilter(event.target.value as StateFilter)}
      options={(['all', ...agentStates] as const).map((state) => ({
        value: state,
        label: `${state === 'all' ? t('agents.allStates') : t(`agents.states.${state}`)} (${count(state)})`,
      }))}
    />
  );

  return (
    <DashboardPage title={t('agents.title')} lead={t('agents.intro')}>
      <Panel title={t('agents.caption')}>
        {filterControl}
        {isLoading && !agents ? (
          <Loader block />
        ) : !agents ? (
          <EmptyState
            icon={ServerIcon}
            title={error ? t('ops:common.failed') : t('agents.caption')}
            action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
          />
        ) : (
          <DataTable
            caption={t('agents.caption')}
            columns={columns}
            rows={rows}
            rowKey={(agent) => agent.id}
            empty={
              agents.length === 0 ? (
                <EmptyState icon={ServerIcon} title={t('agents.empty')} text={t('agents.emptyText')} />
              ) : (
                <EmptyState
                  icon={ServerIcon}
                  title={t('agents.noneInState')}
                  action={<Button onClick={() => setFilter('all')}>{t('agents.showAll')}</Button>}
                />
              )
            }
            testId="ops-agents-table"
            rowTestId="ops-agent-row"
          />
        )}
      </Panel>
      {watched && (
        <div className="ops-agents__activity">
          <AgentActivity agentPath={`/ops/agents/${encodeURIComponent(watched.id)}`} name={watched.name} onClose={() => setWatched(null)} />
        </div>
      )}
      {blocking && (
        <BlockAgentDialog
          agent={blocking}
          onCancel={() => setBlocking(null)}
          onDone={(message) => {
            setBlocking(null);
            if (message) toast.success(message);
            void mutate();
          }}
        />
      )}
    </DashboardPage>
  );
}

/** What went wrong at the last poll, and what the agent reported that the catalogue has no place for. */
function AgentProblems({ agent }: { agent: OpsAgent }) {
  const { t } = useTranslation(['ops-partners', 'ops']);
  const unknown = [
    ...agent.unknown_countries.map((code) => t('agents.unknownCountry', { code })),
    ...agent.unknown_services.map((code) => t('agents.unknownService', { code })),
  ];
  if (!agent.last_error && unknown.length === 0) return <span className="ops-agents__muted">{t('ops:common.none')}</span>;
  return (
    <div className="ops-agents__problems">
      {agent.last_error && <span className="ops-agents__error">{agent.last_error}</span>}
      {unknown.length > 0 && (
        <span className="ops-agents__unknown" data-testid="agent-unknown">
          {t('agents.reportedUnknown', { list: unknown.join(', ') })}
        </span>
      )}
    </div>
  );
}
