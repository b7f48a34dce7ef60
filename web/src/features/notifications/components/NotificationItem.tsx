import type { Notification } from '@numbernest/contracts';
import { type TFunction, useTranslation } from '@/lib/i18n';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { preview } from '@/features/notifications/format';
import { withMoney } from '@/lib/money';
import { Button } from '@/components/button/Button';

interface NotificationItemProps {
  notification: Notification;
  onRead: (id: string) => void;
}

/**
 * A notification in the interface language when it carries a known translation key (events of
 * the app), else the words it was stored with.
 */
function wordsOf(notification: Notification, t: TFunction<'notifications'>, language: string) {
  const { key, params, title, message } = notification.data;
  const known = key && t(`events.${key}.title`, { defaultValue: '' });
  if (!known) return { title, message };
  // An SMS without a code words itself without one (the context variant `message_nocode`).
  const context = params?.code === '' ? 'nocode' : undefined;
  return { title: known, message: t(`events.${key}.message`, { ...withMoney(params ?? {}, ['amount'], language), context, defaultValue: message }) };
}

/** One entry: title, relative date, the message cut at 100 characters; unread ones are bold with 'Read'. */
export function NotificationItem({ notification, onRead }: NotificationItemProps) {
  const { t, i18n } = useTranslation('notifications');
  const unread = notification.read_at === null;
  const { title, message } = wordsOf(notification, t, i18n.language);
  const content = (
    <>
      <span className="notice__head">
        <span className="notice__title">{title}</span>
        <time className="notice__date" dateTime={notification.created_at} title={formatDateTime(notification.created_at, i18n.language)}>
          {relativeTime(notification.created_at, i18n.language)}
        </time>
      </span>
      <span className="notice__message">{preview(message)}</span>
    </>
  );

  return (
    <li className={`notice${unread ? ' notice--unread' : ''}`} data-testid="notification">
      {unread ? (
        <>
          <button type="button" className="notice__body" onClick={() => onRead(notification.id)} aria-label={t('markItem', { title })}>
            <span className="notice__dot" aria-hidden="true" />
            {content}
          </button>
          <Button size="sm" className="notice__read" onClick={() => onRead(notification.id)}>
            {t('read')}
          </Button>
        </>
      ) : (
        <div className="notice__body">{content}</div>
      )}
    </li>
  );
}
