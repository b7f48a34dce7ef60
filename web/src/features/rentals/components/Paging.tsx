import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';
import '@/styles/list-tools.css';
import './rentals.css';

interface PagingProps {
  page: number;
  hasNext: boolean;
  onChange: (page: number) => void;
  /** Prefix of the buttons' test ids: `${testId}-previous`, `${testId}-next`. */
  testId: string;
  /** Words for the two buttons (a conversation says Newer and Older). */
  labels?: { previous: string; next: string };
}

/** Previous / page / Next under a list; hidden when there is one page. */
export function Paging({ page, hasNext, onChange, testId, labels }: PagingProps) {
  const { t } = useTranslation('rentals');
  if (page === 0 && !hasNext) return null;
  return (
    <nav className="tx-paging" aria-label={t('paging.label')}>
      <Button size="sm" data-testid={`${testId}-previous`} disabled={page === 0} onClick={() => onChange(page - 1)}>
        {labels?.previous ?? t('paging.previous')}
      </Button>
      <span className="tx-paging__page" aria-current="page">
        {t('paging.page', { page: page + 1 })}
      </span>
      <Button size="sm" data-testid={`${testId}-next`} disabled={!hasNext} onClick={() => onChange(page + 1)}>
        {labels?.next ?? t('paging.next')}
      </Button>
    </nav>
  );
}
