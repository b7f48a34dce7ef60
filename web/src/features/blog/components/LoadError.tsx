import { useTranslation } from '@/lib/i18n';

/** A failed load with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('blog');
  return (
    <div className="blog-state" role="alert">
      <h2>{t('error.title')}</h2>
      <p>{t('error.text')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}
