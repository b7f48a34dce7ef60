import type { ComponentType, SVGProps } from 'react';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { Loader } from '@/components/loader/Loader';
import { useTranslation } from '@/lib/i18n';
import { DataTable, type DataTableProps } from '@/components/data-table/DataTable';
import { Button } from '@/components/button/Button';

/** What a paged list hook gives (lib/use-cursor-pages.ts). */
export interface PagedList {
  isLoading: boolean;
  isValidating: boolean;
  error?: unknown;
  hasMore: boolean;
  loadMore: () => unknown;
  mutate: () => unknown;
}

interface PagedTableProps<Row> extends DataTableProps<Row> {
  list: PagedList;
  /** The icon of the failure and empty states. */
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
}

/**
 * A list read a page at a time, in its states: loading, failed (with Try again), the table (or its
 * empty state), then Load more while there is more.
 */
export function PagedTable<Row>({ list, icon, ...table }: PagedTableProps<Row>) {
  const { t } = useTranslation();
  if (list.isLoading) return <Loader block />;
  const failed = Boolean(list.error) && table.rows.length === 0;
  return (
    <>
      {failed ? (
        <EmptyState icon={icon} title={t('list.failed')} action={<Button onClick={() => void list.mutate()}>{t('list.retry')}</Button>} />
      ) : (
        <DataTable {...table} />
      )}
      {list.hasMore && (
        <Button className="data-table__more" disabled={list.isValidating} onClick={() => void list.loadMore()}>
          {t('list.loadMore')}
        </Button>
      )}
    </>
  );
}
