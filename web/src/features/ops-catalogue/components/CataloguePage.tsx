import { EmptyState } from '@/components/empty-state/EmptyState';
import { SlidersIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { useTranslation } from '@/lib/i18n';
import { useCatalogue } from '@/features/ops-catalogue/api/use-catalogue';
import { BulkPanel } from './BulkPanel';
import { CountriesPanel } from './CountriesPanel';
import { OffersPanel } from './OffersPanel';
import { PrivateOffersPanel } from './PrivateOffersPanel';
import { ServicesPanel } from './ServicesPanel';
import { Button } from '@/components/button/Button';
import '@/components/data-table/DataTable.css';
import '@/components/form-field/field.css';
import './CataloguePage.css';

/** Catalogue and prices: offers per country edited in place, bulk percent changes, countries, services and Private offers. */
export default function CataloguePage() {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const { data, error, isLoading, mutate } = useCatalogue();
  const reload = () => void mutate();
  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      {isLoading ? (
        <Loader block />
      ) : error || !data ? (
        <EmptyState icon={SlidersIcon} title={t('ops:common.failed')} action={<Button onClick={reload}>{t('ops:common.retry')}</Button>} />
      ) : (
        <div className="catalogue">
          <OffersPanel catalogue={data.data} onChanged={reload} />
          <BulkPanel catalogue={data.data} onChanged={reload} />
          <CountriesPanel catalogue={data.data} onChanged={reload} />
          <ServicesPanel catalogue={data.data} onChanged={reload} />
          <PrivateOffersPanel catalogue={data.data} onChanged={reload} />
        </div>
      )}
    </DashboardPage>
  );
}
