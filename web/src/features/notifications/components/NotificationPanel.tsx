import { useEffect, useRef, type UIEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import type { NotificationsState } from '@/features/notifications/api/use-notifications';
import { NotificationItem } from './NotificationItem';
import './NotificationPanel.css';

/** The next page loads 200 ms after the list is scrolled to its bottom. */
export const nextPageDelayMs = 200;
/** How close to the bottom counts as "at the bottom" (sub-pixel rounding, a touch of slack). */
const bottomSlackPx = 8;

interface NotificationPanelProps {
  id: string;
  state: NotificationsState;
  /** Notifications exist only for a verified e-mail. */
  verified: boolean;
  onRead: (id: string) => void;
  onReadAll: () => void;
}

/** The bell's panel: title, 'Mark all as read (N)', and a 530px scrolling list that pages on scroll. */
export function NotificationPanel({ id, state, verified, onRead, onReadAll }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { items, unreadCount, loading, loadingMore, hasMore, loadMore } = state;

  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);

  function onScroll(event: UIEvent<HTMLElement>) {
    const list = event.currentTarget;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - bottomSlackPx;
    if (!atBottom || !hasMore || loadingMore || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      loadMore();
    }, nextPageDelayMs);
  }

  return (
    <section id={id} className="notif-panel" aria-label={t('title')}>
      <header className="notif-panel__header">
        <h2 className="notif-panel__title">{t('title')}</h2>
        <button type="button" className="link-btn notif-panel__all" onClick={onReadAll} disabled={!verified || unreadCount === 0}>
          {t('markAll', { count: unreadCount })}
        </button>
      </header>
      <div className="notif-panel__list" onScroll={onScroll} data-testid="notification-list" tabIndex={0} aria-label={t('listLabel')}>
        {!verified ? (
          <p className="notif-panel__empty">{t('unverified')}</p>
        ) : loading ? (
          <Loader block label={t('loading')} />
        ) : items.length === 0 ? (
          <p className="notif-panel__empty">{t('empty')}</p>
        ) : (
          <ul>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onRead={onRead} />
            ))}
          </ul>
        )}
        {loadingMore && <Loader size="sm" label={t('loadingMore')} />}
      </div>
    </section>
  );
}
