import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';

/** A failed load with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('blog');
  return (
    <div className="blog-state" role="alert">
      <h2>{t('error.title')}</h2>
      <p>{t('error.text')}</p>
      <Button variant="primary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </div>
  );
}
