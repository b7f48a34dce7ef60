import { statusBadgeClass, type StatusTone } from '@/features/ops-shared/components/status-badge/status-badge';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HoldDecisionKind, OpsHold, OpsHoldEvent } from '@numbernest/contracts/ops';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ShieldCheckIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { opsUserPath } from '@/lib/paths';
import { useHolds } from '@/features/ops-holds/api/use-holds';
import { DecideHoldDialog, type HoldDecisionResult } from './DecideHoldDialog';
import { Button } from '@/components/button/Button';
import './HoldsPage.css';

const disputeStates = ['open', 'won', 'lost', 'warning_closed'] as const;
const stateTone: Record<string, StatusTone> = { open: 'warn', won: 'ok', warning_closed: 'ok', lost: 'danger' };

/**
 * Accounts on hold after a card payment was taken back (a bank dispute, or a refund to the card
 * that left money owed): nothing may leave the balance until an operator releases the hold. Each
 * card shows what was taken back, how each dispute stands, what is owed and earlier decisions.
 */
export default function HoldsPage() {
  const { t } = useTranslation(['ops-holds', 'ops']);
  const toast = useToast();
  const { data, error, isLoading, mutate } = useHolds();
  const [deciding, setDeciding] = useState<{ hold: OpsHold; decision: HoldDecisionKind } | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const holds = data?.data;

  const done = (result: HoldDecisionResult) => {
    setDeciding(null);
    if (result.changed) setChanged(result.changed);
    else if (result.decided) {
      setChanged(null);
      toast.success(t(result.decided.on_hold ? 'kept' : 'released', { email: result.decided.email }));
    }
    void mutate();
  };

  const reload = (
    <Button size="sm" onClick={() => void mutate()}>
      {t('reload')}
    </Button>
  );

  return (
    <DashboardPage title={t('title')} lead={t('intro')} actions={reload}>
      {changed && (
        <div className="ops-holds__changed" role="alert">
          <p>{changed}</p>
          <Button size="sm" onClick={() => setChanged(null)}>
            {t('dismiss')}
          </Button>
        </div>
      )}
      {isLoading && !holds ? (
        <Loader block />
      ) : !holds ? (
        <EmptyState
          icon={ShieldCheckIcon}
          title={error ? t('ops:common.failed') : t('title')}
          action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
        />
      ) : holds.length === 0 ? (
        <EmptyState icon={ShieldCheckIcon} title={t('empty')} text={t('emptyText')} />
      ) : (
        <ul className="ops-holds" data-testid="ops-holds-list">
          {holds.map((hold) => (
            <li key={hold.sub}>
              <HoldCard hold={hold} onDecide={(decision) => setDeciding({ hold, decision })} />
            </li>
          ))}
        </ul>
      )}
      {deciding && <DecideHoldDialog hold={deciding.hold} decision={deciding.decision} onCancel={() => setDeciding(null)} onDone={done} />}
    </DashboardPage>
  );
}

function HoldCard({ hold, onDecide }: { hold: OpsHold; onDecide: (decision: HoldDecisionKind) => void }) {
  const { t, i18n } = useTranslation(['ops-holds', 'ops']);
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  const owes = hold.balance < 0;
  return (
    <article className="ops-holds__card" aria-label={hold.email}>
      <header className="ops-holds__head">
        <div>
          <Link className="ops-holds__email" to={opsUserPath(hold.sub)}>
            {hold.email}
          </Link>
          <p className="ops-holds__since">{t('since', { date: formatDateTime(hold.since, i18n.language) })}</p>
        </div>
        <p className={`ops-holds__balance${owes ? ' ops-holds__balance--owed' : ''}`}>
          <span>{t(owes ? 'owes' : 'balance')}</span>
          <strong>{usd(owes ? -hold.balance : hold.balance)}</strong>
        </p>
      </header>

      <h3 className="ops-holds__subtitle">{t('events.title', { count: hold.events.length })}</h3>
      <ul className="ops-holds__events">
        {hold.events.map((event) => (
          <li key={`${event.kind}:${event.reference}`} className="ops-holds__event">
            <span className="ops-holds__event-when">{when(event.at)}</span>
            <span className="ops-holds__event-what">
              <strong>{t(`events.${event.kind}`)}</strong> {usd(-event.amount)}
              {event.reason && <span className="ops-holds__muted"> · {event.reason}</span>}
            </span>
            {event.kind === 'chargeback' && <DisputeState state={hold.disputes[event.reference] ?? 'unknown'} />}
            <EventRefs event={event} />
          </li>
        ))}
      </ul>

      {hold.decisions.length > 0 && (
        <>
          <h3 className="ops-holds__subtitle">{t('decisions.title')}</h3>
          <ul className="ops-holds__decisions">
            {hold.decisions.map((d) => (
              <li key={d.at}>
                {when(d.at)} · {t(`decisions.${d.decision}`, { operator: d.operator.email })}: <q>{d.reason}</q>
              </li>
            ))}
          </ul>
        </>
      )}

      <footer className="ops-holds__actions">
        <Button variant="primary" size="sm" onClick={() => onDecide('release')}>
          {t('release')}
        </Button>
        <Button size="sm" onClick={() => onDecide('keep')}>
          {t('keep')}
        </Button>
      </footer>
    </article>
  );
}

function DisputeState({ state }: { state: string }) {
  const { t } = useTranslation('ops-holds');
  const known = (disputeStates as readonly string[]).includes(state);
  return (
    <span className={statusBadgeClass(stateTone[state] ?? 'info')}>
      {t('disputes.label')}: {known ? t(`disputes.${state as (typeof disputeStates)[number]}`) : t('disputes.unknown')}
    </span>
  );
}

function EventRefs({ event }: { event: OpsHoldEvent }) {
  const { t } = useTranslation('ops-holds');
  return (
    <span className="ops-holds__refs">
      {t('events.topUp')} <code>{event.top_up_id}</code> · {t(event.kind === 'chargeback' ? 'events.dispute' : 'events.charge')} <code>{event.reference}</code>
    </span>
  );
}
