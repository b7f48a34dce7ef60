import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';
import '@/styles/list-tools.css';
import './rentals.css';

/** A list that could not be loaded: says so, with Retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('rentals');
  return (
    <div className="tx-error" role="alert">
      <p>{text}</p>
      <Button size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
