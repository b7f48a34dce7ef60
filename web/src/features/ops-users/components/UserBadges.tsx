import { statusBadgeClass, type StatusTone } from '@/features/ops-shared/components/status-badge/status-badge';
import type { OpsUser } from '@numbernest/contracts/ops';
import { useTranslation } from '@/lib/i18n';

/** What limits or marks the account, as small labels: verified or not, deleted, on hold, blocked, operator. */
export function UserBadges({ user }: { user: OpsUser }) {
  const { t } = useTranslation('ops-users');
  const badges: Array<{ key: string; tone: StatusTone; label: string; title?: string }> = [
    user.email_verified ? { key: 'verified', tone: 'ok', label: t('badges.verified') } : { key: 'unverified', tone: 'warn', label: t('badges.unverified') },
  ];
  if (user.deleted_at) badges.push({ key: 'deleted', tone: 'danger', label: t('badges.deleted') });
  if (user.blocked) badges.push({ key: 'blocked', tone: 'danger', label: t('badges.blocked'), title: user.blocked.reason });
  if (user.account_hold) badges.push({ key: 'hold', tone: 'warn', label: t('badges.hold'), title: user.account_hold.reason });
  if (user.operator_since) badges.push({ key: 'operator', tone: 'info', label: t('badges.operator') });
  return (
    <ul className="ops-users__badges" aria-label={t('badges.label')}>
      {badges.map((b) => (
        <li key={b.key} className={statusBadgeClass(b.tone)} title={b.title}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
