import { useTranslation } from '@/lib/i18n';
import '@/styles/list-tools.css';
import './rentals.css';

/** A list that could not be loaded: says so, with Retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('rentals');
  return (
    <div className="tx-error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
