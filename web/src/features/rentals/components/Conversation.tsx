import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Rental } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { useMessages } from '@/features/rentals/api/use-messages';
import { activeRentalRefreshMs } from '@/features/rentals/api/use-rental';
import { LoadFailed } from './LoadFailed';
import { MessageItem } from './MessageItem';
import { Paging } from './Paging';
import './rentals.css';

/**
 * A rental's messages, newest first (its latest code is also large above, in RentalCode). Pushes
 * refresh it; while the rental is active it is also asked again every 20 s in case push is down.
 */
export function Conversation({ rental }: { rental: Rental }) {
  const { t } = useTranslation('rentals');
  const [page, setPage] = useState(0);
  const active = rental.status === 'active';
  const { data, error, isLoading, mutate } = useMessages({ rentalId: rental.id, page }, { refreshMs: active ? activeRentalRefreshMs : 0 });
  const reply = data?.data;
  const items = reply?.data ?? [];

  let body;
  if (isLoading && !reply) body = <Loader block size="sm" />;
  else if (error && !reply) body = <LoadFailed text={t('conversation.loadError')} onRetry={() => void mutate()} />;
  else if (!items.length)
    body = (
      <div className={`conversation-empty${active ? ' conversation-empty--waiting' : ''}`} data-testid="conversation-empty">
        {active && <span className="conversation-empty__pulse" aria-hidden="true" />}
        <p className="conversation-empty__title">{active ? t('conversation.waiting') : t('conversation.none')}</p>
        <p className="conversation-empty__text">{active ? t('conversation.waitingText', { number: rental.number }) : t('conversation.noneText')}</p>
      </div>
    );
  else
    body = (
      <ol className="messages" aria-label={t('conversation.label', { number: rental.number })} data-testid="conversation">
        {items.map((message) => (
          <MessageItem key={message.id} message={message} codeSize="md" />
        ))}
      </ol>
    );

  return (
    <div className="conversation">
      {body}
      <Paging
        page={page}
        hasNext={Boolean(reply && reply.next_page !== null && items.length > 0)}
        onChange={setPage}
        testId="messages"
        labels={{ previous: t('paging.newer'), next: t('paging.older') }}
      />
    </div>
  );
}
