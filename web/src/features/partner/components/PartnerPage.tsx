import type { Agent, AgentWithKeyReply, CreateAgentRequest } from '@numbernest/contracts';
import { useState } from 'react';
import { AgentActivity } from '@/components/agent-activity/AgentActivity';
import { Button } from '@/components/button/Button';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ServerIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { useAddAgent } from '@/features/partner/api/use-add-agent';
import { agentPath, useAgents } from '@/features/partner/api/use-agents';
import { usePartnerSummary } from '@/features/partner/api/use-partner-summary';
import { useRemoveAgent } from '@/features/partner/api/use-remove-agent';
import { useRotateAgentKey } from '@/features/partner/api/use-rotate-agent-key';
import { useUpdateAgent } from '@/features/partner/api/use-update-agent';
import { AgentCard, type AgentAction } from './AgentCard';
import { AgentFormDialog } from './AgentFormDialog';
import { AgentKeyDialog } from './AgentKeyDialog';
import { HowItWorks } from './HowItWorks';
import { NotPartner } from './NotPartner';
import { PayoutsPanel } from './PayoutsPanel';
import './partner.css';

/** What is open over the page: a form, a question, or a key shown once. */
type Open =
  | { kind: 'add' }
  | { kind: 'edit'; agent: Agent }
  | { kind: 'rotate'; agent: Agent }
  | { kind: 'remove'; agent: Agent }
  | { kind: 'key'; shown: AgentWithKeyReply; rotated: boolean };

/**
 * Partner: a SIM-bank owner's agents (state, last check, stock, sold, earned), adding one (its key
 * shown once, with what to configure), and per agent rename / change URL, pause / resume, a new
 * key and removal. Anyone who is not a partner is told how to become one.
 */
export default function PartnerPage() {
  const { t, i18n } = useTranslation(['partner', 'errors']);
  const toast = useToast();
  const summary = usePartnerSummary();
  const isPartner = Boolean(summary.data);
  const agents = useAgents({ enabled: isPartner });
  const addAgent = useAddAgent();
  const updateAgent = useUpdateAgent();
  const rotateKey = useRotateAgentKey();
  const removeAgent = useRemoveAgent();
  const [open, setOpen] = useState<Open | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  /** The agent whose activations and stock are shown below its list. */
  const [watched, setWatched] = useState<Agent | null>(null);

  const failureText = (failure: unknown) => (failure instanceof ApiError ? serverErrorText(t, failure) : t('form.failed'));

  /** One change to one agent, the agent's buttons held meanwhile; true when it went through. */
  async function change(agent: Agent, action: () => Promise<void>, done?: string) {
    setBusyId(agent.id);
    try {
      await action();
      if (done) toast.success(done);
      return true;
    } catch (failure) {
      toast.error(failureText(failure));
      return false;
    } finally {
      setBusyId(null);
    }
  }

  function act(agent: Agent, action: AgentAction) {
    if (action === 'activity') setWatched(agent);
    else if (action === 'edit') setOpen({ kind: 'edit', agent });
    else if (action === 'rotate') setOpen({ kind: 'rotate', agent });
    else if (action === 'remove') setOpen({ kind: 'remove', agent });
    else {
      const paused = !agent.paused;
      void change(agent, () => updateAgent(agent.id, { paused }).then(() => undefined), t(paused ? 'done.paused' : 'done.resumed', { name: agent.name }));
    }
  }

  async function add(request: CreateAgentRequest) {
    const shown = await addAgent(request);
    setOpen({ kind: 'key', shown, rotated: false });
  }

  async function edit(agent: Agent, request: CreateAgentRequest) {
    const { data } = await updateAgent(agent.id, { name: request.name, ...(request.url !== agent.url && { url: request.url }) });
    toast.success(t('form.saved', { name: data.name }));
    setOpen(null);
  }

  async function confirmRotate(agent: Agent) {
    setBusyId(agent.id);
    try {
      setOpen({ kind: 'key', shown: await rotateKey(agent.id), rotated: true });
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmRemove(agent: Agent) {
    if (await change(agent, () => removeAgent(agent.id), t('done.removed', { name: agent.name }))) setOpen(null);
  }

  if (summary.isLoading) return <Loader block />;
  if (summary.error?.status === 403) {
    return (
      <DashboardPage title={t('title')}>
        <NotPartner />
      </DashboardPage>
    );
  }
  if (!summary.data) {
    return (
      <DashboardPage title={t('title')}>
        <div className="partner-problem" role="alert">
          <p>{t('loadError')}</p>
          <Button size="sm" onClick={() => void summary.mutate()}>
            {t('retry')}
          </Button>
        </div>
      </DashboardPage>
    );
  }

  const { since, max_agents: maxAgents } = summary.data.data;
  const list = agents.data?.data ?? [];
  const full = list.length >= maxAgents;
  const addButton = (
    <Button variant="primary" disabled={full} onClick={() => setOpen({ kind: 'add' })}>
      {t('agents.add')}
    </Button>
  );
  const pending = open && 'agent' in open ? open.agent : null;

  return (
    <DashboardPage title={t('title')} lead={t('lead')} actions={addButton}>
      <p className="partner-since" data-testid="partner-since">
        <span>{t('since', { date: formatDate(since, i18n.language) })}</span>
        <span aria-hidden="true"> · </span>
        <span>{t('count', { count: list.length, max: maxAgents })}</span>
      </p>
      <div className="partner">
        <Panel title={t('agents.title')}>
          {full && <p className="partner-note">{t('agents.full', { max: maxAgents })}</p>}
          {agents.data ? (
            list.length === 0 ? (
              <EmptyState icon={ServerIcon} title={t('agents.empty')} text={t('agents.emptyText')} action={addButton} />
            ) : (
              <ul className="partner-agents" data-testid="agents">
                {list.map((agent) => (
                  <AgentCard key={agent.id} agent={agent} busy={busyId === agent.id} onAction={(action) => act(agent, action)} />
                ))}
              </ul>
            )
          ) : agents.error ? (
            <div className="partner-problem" role="alert">
              <p>{t('agents.loadError')}</p>
              <Button size="sm" onClick={() => void agents.mutate()}>
                {t('retry')}
              </Button>
            </div>
          ) : (
            <Loader block />
          )}
        </Panel>
        {watched && list.some((agent) => agent.id === watched.id) && (
          <AgentActivity agentPath={agentPath(watched.id)} name={watched.name} onClose={() => setWatched(null)} />
        )}
        <PayoutsPanel />
        <HowItWorks />
      </div>

      {open?.kind === 'add' && <AgentFormDialog onSubmit={add} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <AgentFormDialog agent={open.agent} onSubmit={(request) => edit(open.agent, request)} onClose={() => setOpen(null)} />}
      {open?.kind === 'key' && <AgentKeyDialog shown={open.shown} rotated={open.rotated} onClose={() => setOpen(null)} />}
      {pending && (open?.kind === 'rotate' || open?.kind === 'remove') && (
        <Modal
          title={t(open.kind === 'rotate' ? 'confirm.rotateTitle' : 'confirm.removeTitle', { name: pending.name })}
          onClose={() => busyId === null && setOpen(null)}
          footer={
            <>
              <Button onClick={() => setOpen(null)} disabled={busyId !== null}>
                {t('form.cancel')}
              </Button>
              <Button
                variant="danger"
                busy={busyId === pending.id}
                onClick={() => void (open.kind === 'rotate' ? confirmRotate(pending) : confirmRemove(pending))}
              >
                {t(open.kind === 'rotate' ? 'confirm.rotate' : 'confirm.remove')}
              </Button>
            </>
          }
        >
          <p>{t(open.kind === 'rotate' ? 'confirm.rotateText' : 'confirm.removeText')}</p>
        </Modal>
      )}
    </DashboardPage>
  );
}
