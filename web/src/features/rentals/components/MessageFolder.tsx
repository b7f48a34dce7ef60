import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { MessageBox } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { InboxIcon } from '@/components/icons/dashboard-icons';
import { useMessages } from '@/features/rentals/api/use-messages';
import { LoadFailed } from './LoadFailed';
import { MessageItem } from './MessageItem';
import { Paging } from './Paging';
import './rentals.css';

/** All Message: one folder (Inbox or Sent) of every number, newest first, page by page. */
export function MessageFolder({ box }: { box: MessageBox }) {
  const { t } = useTranslation('rentals');
  const { t: td } = useTranslation('dashboard');
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useMessages({ box, page });
  const reply = data?.data;
  const items = reply?.data ?? [];

  let body;
  if (isLoading && !reply) body = <Loader block size="sm" />;
  else if (error && !reply) body = <LoadFailed text={t('conversation.loadError')} onRetry={() => void mutate()} />;
  else if (!items.length)
    body = <EmptyState icon={InboxIcon} title={td('empty.messages')} text={td(box === 'inbox' ? 'home.allMessage.inboxText' : 'home.allMessage.sentText')} />;
  else
    body = (
      <ol className="messages messages--compact" data-testid={`messages-${box}`}>
        {items.map((message) => (
          <MessageItem key={message.id} message={message} withNumber codeSize="md" />
        ))}
      </ol>
    );

  return (
    <div className="message-folder">
      {body}
      <Paging page={page} hasNext={Boolean(reply && reply.next_page !== null && items.length > 0)} onChange={setPage} testId={`messages-${box}`} />
    </div>
  );
}
