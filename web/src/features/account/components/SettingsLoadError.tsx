import { Button } from '@/components/button/Button';
import { useTranslation } from '@/lib/i18n';

/** A settings part whose first read failed: what is missing, and Retry. */
export function SettingsLoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="settings-error">
      <p>{text}</p>
      <Button size="sm" onClick={onRetry}>
        {t('settings.retry')}
      </Button>
    </div>
  );
}
