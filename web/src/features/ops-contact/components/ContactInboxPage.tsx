import { useState } from 'react';
import { contactMessageStatuses, type ContactMessage, type ContactMessageStatus } from '@numbernest/contracts/ops';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { InboxIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { useContactMessages } from '@/features/ops-contact/api/use-contact-messages';
import { ContactMessageDetail } from './ContactMessageDetail';
import { Button } from '@/components/button/Button';
import './ContactInboxPage.css';

/**
 * The contact form's inbox: New (nobody answered yet) and Handled tabs, a message's detail with the
 * answers sent so far, and the answer form (e-mailed to the sender, kept with the message).
 */
export default function ContactInboxPage() {
  const { t, i18n } = useTranslation(['ops-contact', 'ops']);
  const [status, setStatus] = useState<ContactMessageStatus>('new');
  const { items, error, isLoading, isValidating, hasMore, loadMore, mutate } = useContactMessages(status);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A message answered here shows as the server answered until the list is read again.
  const [changed, setChanged] = useState<ReadonlyMap<string, ContactMessage>>(new Map());
  const messages = items.map((message) => changed.get(message.id) ?? message);
  const selected = messages.find((message) => message.id === selectedId) ?? (selectedId ? changed.get(selectedId) : undefined);

  const pickTab = (next: ContactMessageStatus) => {
    setStatus(next);
    setSelectedId(null);
  };

  const onChanged = (message: ContactMessage) => {
    setChanged((before) => new Map(before).set(message.id, message));
    void mutate();
  };

  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <div className="ops-contact__tabs" role="tablist" aria-label={t('tabsLabel')}>
        {contactMessageStatuses.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`contact-tab-${tab}`}
            aria-selected={status === tab}
            aria-controls="contact-tabpanel"
            className={`ops-contact__tab${status === tab ? ' ops-contact__tab--active' : ''}`}
            onClick={() => pickTab(tab)}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="contact-tabpanel" role="tabpanel" aria-labelledby={`contact-tab-${status}`} className="ops-contact__layout">
        <Panel title={t(`tabs.${status}`)} className="ops-contact__list-panel">
          {isLoading ? (
            <Loader block />
          ) : error && items.length === 0 ? (
            <EmptyState icon={InboxIcon} title={t('ops:common.failed')} action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>} />
          ) : messages.length === 0 ? (
            <EmptyState icon={InboxIcon} title={t(`empty.${status}`)} />
          ) : (
            <ul className="ops-contact__list" data-testid="contact-messages">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    className={`ops-contact__item${message.id === selectedId ? ' ops-contact__item--active' : ''}`}
                    aria-current={message.id === selectedId ? 'true' : undefined}
                    onClick={() => setSelectedId(message.id)}
                  >
                    <span className="ops-contact__item-head">
                      <strong>{message.subject}</strong>
                      <time dateTime={message.created_at}>{relativeTime(message.created_at, i18n.language)}</time>
                    </span>
                    <span className="ops-contact__item-from">
                      {message.name} · {message.email}
                    </span>
                    <span className="ops-contact__item-preview">{message.message}</span>
                    {message.status === 'handled' && status === 'new' && <span className="ops-contact__badge">{t('handled')}</span>}
                    {message.replies.length > 0 && <span className="ops-contact__badge">{t('replyCount', { count: message.replies.length })}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hasMore && (
            <Button className="ops-contact__more" disabled={isValidating} onClick={() => void loadMore()}>
              {t('ops:common.loadMore')}
            </Button>
          )}
        </Panel>
        <Panel title={t('detail')} className="ops-contact__detail-panel">
          {selected ? <ContactMessageDetail key={selected.id} message={selected} onChanged={onChanged} /> : <p className="ops-contact__pick">{t('pick')}</p>}
        </Panel>
      </div>
    </DashboardPage>
  );
}
