import { useTranslation } from '@/lib/i18n';

interface NotificationBellProps {
  unreadCount: number;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}

/** The bell with its unread badge ("99+" past 99); toggles the panel. */
export function NotificationBell({ unreadCount, open, panelId, onToggle }: NotificationBellProps) {
  const { t } = useTranslation('notifications');
  return (
    <button
      type="button"
      className="icon-btn bell"
      aria-label={t('bell', { count: unreadCount })}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
    >
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unreadCount > 0 && (
        <span className="bell__badge" data-testid="unread-badge" aria-hidden="true">
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      )}
    </button>
  );
}
