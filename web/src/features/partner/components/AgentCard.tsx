import type { Agent } from '@numbernest/contracts';
import { SuccessRate } from '@/components/agent-activity/AgentActivity';
import { Button } from '@/components/button/Button';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';

export type AgentAction = 'activity' | 'edit' | 'toggle-pause' | 'rotate' | 'remove';

const stateLook: Record<Agent['state'], string> = {
  active: 'partner-state--active',
  paused: 'partner-state--paused',
  blocked: 'partner-state--blocked',
  'over-reporting': 'partner-state--warning',
};

/** One agent: its state in words, how its last check went, what it has in stock, sold and earned, and what its partner may do with it. */
export function AgentCard({ agent, busy, onAction }: { agent: Agent; busy: boolean; onAction: (action: AgentAction) => void }) {
  const { t, i18n } = useTranslation(['partner', 'agent-activity']);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const stateNote =
    agent.state === 'paused'
      ? t('stateNote.paused')
      : agent.state === 'blocked'
        ? agent.blocked_reason
          ? t('stateNote.blocked', { reason: agent.blocked_reason })
          : t('stateNote.blockedNoReason')
        : agent.state === 'over-reporting' && agent.over_reporting_until
          ? t('stateNote.over-reporting', { until: when(agent.over_reporting_until) })
          : null;

  return (
    <li className="partner-agent" data-testid="agent" aria-labelledby={`agent-${agent.id}-name`}>
      <div className="partner-agent__head">
        <h3 className="partner-agent__name" id={`agent-${agent.id}-name`}>
          {agent.name}
        </h3>
        <span className={`partner-state ${stateLook[agent.state]}`} data-testid="agent-state">
          {t(`states.${agent.state}`)}
        </span>
      </div>
      <code className="partner-agent__url" title={t('agent.url')}>
        {agent.url}
      </code>
      {stateNote && (
        <p className={`partner-agent__note partner-agent__note--${agent.state}`} data-testid="agent-state-note">
          {stateNote}
        </p>
      )}
      <dl className="partner-agent__facts">
        <div>
          <dt>{t('agent.lastPoll')}</dt>
          <dd data-testid="agent-last-poll">
            {agent.last_poll_at ? (
              <>
                <time dateTime={agent.last_poll_at} title={when(agent.last_poll_at)}>
                  {relativeTime(agent.last_poll_at, i18n.language)}
                </time>
                {agent.last_latency_ms !== null && <span className="partner-agent__muted"> · {t('agent.latency', { ms: agent.last_latency_ms })}</span>}
              </>
            ) : (
              <span className="partner-agent__muted">{t('agent.neverPolled')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('agent.stock')}</dt>
          <dd className="partner-agent__number" data-testid="agent-stock">
            {agent.stock.toLocaleString(i18n.language)}
          </dd>
        </div>
        <div>
          <dt>{t('agent.sold')}</dt>
          <dd className="partner-agent__number" data-testid="agent-sold">
            {agent.sold.toLocaleString(i18n.language)}
          </dd>
        </div>
        <div>
          <dt>{t('agent.earned')}</dt>
          <dd className="partner-agent__number" data-testid="agent-earned">
            {usd(agent.earned)}
          </dd>
        </div>
        <div>
          <dt>{t('agent-activity:rate.label')}</dt>
          <dd className="partner-agent__number" data-testid="agent-success-rate">
            <SuccessRate rate={agent.success_rate} />
          </dd>
        </div>
      </dl>
      {agent.last_error && (
        <p className="partner-agent__error" data-testid="agent-last-error">
          <span className="partner-agent__error-label">{t('agent.lastError')}:</span> {agent.last_error}
        </p>
      )}
      <div className="partner-agent__actions" role="group" aria-label={t('agent.actions', { name: agent.name })}>
        <Button size="sm" variant="primary" aria-label={t('agent-activity:openNamed', { name: agent.name })} onClick={() => onAction('activity')}>
          {t('agent-activity:open')}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => onAction('edit')}>
          {t('agent.edit')}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => onAction('toggle-pause')}>
          {agent.paused ? t('agent.resume') : t('agent.pause')}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => onAction('rotate')}>
          {t('agent.rotateKey')}
        </Button>
        <Button size="sm" variant="danger-outline" disabled={busy} onClick={() => onAction('remove')}>
          {t('agent.remove')}
        </Button>
      </div>
    </li>
  );
}
