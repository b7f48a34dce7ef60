import type { OrphanMessage } from '@numbernest/contracts/ops';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';

/** The SMS an operator is deciding about, at the top of its dialog. */
export function OrphanSummary({ orphan }: { orphan: OrphanMessage }) {
  const { t, i18n } = useTranslation('ops-orphans');
  return (
    <blockquote className="orphan-modal__sms">
      <small>{t('summary', { from: orphan.from, number: orphan.number || t('noNumber'), time: formatDateTime(orphan.received_at, i18n.language) })}</small>
      <span>{orphan.text}</span>
    </blockquote>
  );
}
