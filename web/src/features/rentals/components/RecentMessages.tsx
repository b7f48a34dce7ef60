import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { MessageIcon } from '@/components/icons/dashboard-icons';
import { useMessages } from '@/features/rentals/api/use-messages';
import { MessageItem } from './MessageItem';
import './rentals.css';

export const recentMessageCount = 5;

/** The dashboard's Recent Message: the latest SMS received, codes first, each linked to its number. */
export function RecentMessages() {
  const { t } = useTranslation('rentals');
  const { t: td } = useTranslation('dashboard');
  const { data, error, isLoading } = useMessages({ box: 'inbox' });
  const items = data?.data.data.slice(0, recentMessageCount) ?? [];
  return (
    <div className="recent-messages" data-testid="recent-messages" aria-busy={isLoading}>
      {isLoading && !data ? (
        <Loader block size="sm" />
      ) : items.length ? (
        <ol className="messages messages--compact">
          {items.map((message) => (
            <MessageItem key={message.id} message={message} withNumber codeSize="md" />
          ))}
        </ol>
      ) : (
        <EmptyState icon={MessageIcon} title={td('empty.messages')} text={td('home.recentMessage.text')} />
      )}
      {error && !data && <p className="panel__note">{t('conversation.loadError')}</p>}
    </div>
  );
}
