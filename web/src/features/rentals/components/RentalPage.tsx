import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { rentalIdSchema, type Rental } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { usd } from '@/lib/money';
import { dashboardPaths } from '@/lib/paths';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { PhoneIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { useRental } from '@/features/rentals/api/use-rental';
import { serviceLabel } from '@/features/rentals/format';
import { Conversation } from './Conversation';
import { LoadFailed } from './LoadFailed';
import { NumberFacts } from './NumberFacts';
import { RentalActions } from './RentalActions';
import { RentalCode } from './RentalCode';
import { StartChat } from './StartChat';
import './rentals.css';

/**
 * /dashboard/my-number/:id: first the code (large, with Copy) or the waiting state, with the live
 * refund and end deadlines and an activation's own actions; then Number Details (number with Copy,
 * country, service, type, dates, price paid) with Close and Extend, the conversation, and Start Chat
 * for Private numbers. The same order at every width.
 */
export default function RentalPage() {
  const { t } = useTranslation('rentals');
  const { id = '' } = useParams();
  const valid = rentalIdSchema.safeParse(id).success;
  const { data, error, isLoading, mutate } = useRental(valid ? id : null);
  const [closed, setClosed] = useState<Rental | null>(null);
  const rental = data?.data ?? null;
  const back = (
    <Link to={dashboardPaths.myNumber} className="btn btn--secondary btn--sm">
      {t('page.back')}
    </Link>
  );

  if (!valid || (!rental && error?.status === 404)) {
    return (
      <DashboardPage title={t('page.notFound')} actions={back}>
        <Panel title={t('details.title')}>
          <EmptyState icon={PhoneIcon} title={t('page.notFound')} text={t('page.notFoundText')} />
        </Panel>
      </DashboardPage>
    );
  }
  if (!rental) {
    return (
      <DashboardPage title={t('details.title')} actions={back}>
        {isLoading || !error ? <Loader block /> : <LoadFailed text={t('page.loadError')} onRetry={() => void mutate()} />}
      </DashboardPage>
    );
  }

  return (
    <DashboardPage title={rental.number} lead={t('page.lead', { service: serviceLabel(t, rental), type: t(`types.${rental.type}`) })} actions={back}>
      {closed && (
        <div
          className={`rental-note rental-note--${closed.ended === 'refunded' ? 'success' : 'info'}`}
          role="status"
          data-testid="rental-close-result"
          data-ended={closed.ended}
        >
          <p className="rental-note__title">{closed.ended === 'refunded' ? t('closed.refunded', { amount: usd(closed.price) }) : t('closed.closed')}</p>
          <p>{t('closed.released')}</p>
        </div>
      )}
      <div className="rental-layout">
        <Panel title={t('code.title')} className="rental-layout__code">
          <RentalCode rental={rental} />
        </Panel>
        <Panel title={t('details.title')} className="rental-layout__details" action={<RentalActions rental={rental} onClosed={setClosed} />}>
          <NumberFacts rental={rental} />
        </Panel>
        <Panel title={t('conversation.title')} className="rental-layout__messages">
          <Conversation rental={rental} />
        </Panel>
        {rental.sends_sms && (
          <Panel title={t('startChat.title')} className="rental-layout__chat">
            <StartChat rental={rental} />
          </Panel>
        )}
      </div>
    </DashboardPage>
  );
}
