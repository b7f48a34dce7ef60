import type { Country } from '@numbernest/contracts';
import type { InventoryNumber } from '@numbernest/contracts/ops';
import { useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import { type Column } from '@/components/data-table/DataTable';
import { PagedTable } from '@/features/ops-shared/components/paged-table/PagedTable';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { PhoneIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import type { ListReply } from '@/lib/catalog/list-result';
import { countryName as localName } from '@/lib/catalog/localized-countries';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { unretireNumber } from '@/features/ops-inventory/api/retire-number';
import { noFilters, useNumbers, type NumberFilters } from '@/features/ops-inventory/api/use-numbers';
import { ImportNumbersPanel } from './ImportNumbersPanel';
import { NumberFiltersBar } from './NumberFiltersBar';
import { RetireModal } from './RetireModal';
import { Button } from '@/components/button/Button';
import './NumbersPage.css';

/** The operators' Numbers page: every number, its state, rentals and SMS; add in bulk; retire. */
export default function NumbersPage() {
  const { t, i18n } = useTranslation(['ops-inventory', 'ops', 'errors']);
  const toast = useToast();
  const [filters, setFilters] = useState<NumberFilters>(noFilters);
  const [importing, setImporting] = useState(false);
  const [retiring, setRetiring] = useState<InventoryNumber>();
  const list = useNumbers(filters);
  const { items, mutate } = list;
  // The public list (GET /mobile-number-countries) in the interface language, read here rather than
  // through the picker's useCountries: sharing the picker's modules would split them out of the landing
  // route's chunks into chunks of their own (more landing JavaScript).
  const countryList = useSWR<ListReply<Country>>('/mobile-number-countries').data?.data;
  const countries = useMemo(() => (countryList ?? []).map((c) => ({ ...c, name: localName(c, i18n.language) })), [countryList, i18n.language]);
  const countryName = useMemo(() => new Map(countries.map((c) => [c.id, c.name])), [countries]);
  const onFilters = useCallback((next: NumberFilters) => setFilters(next), []);
  const at = (iso: string) => formatDateTime(iso, i18n.language);

  const sourceLabel = (source: string) => {
    const [provider, device, sim] = source.split(':');
    if (provider === 'agent') return t('source.agent', { agent: device });
    return provider === 'gateway' ? t('source.gateway', { device, sim }) : t('source.twilio');
  };

  const unretire = async (number: InventoryNumber) => {
    try {
      await unretireNumber(number.id);
      toast.success(t('retire.undone', { number: number.e164 }));
      await mutate();
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    }
  };

  const columns: Column<InventoryNumber>[] = [
    { key: 'number', header: t('columns.number'), cell: (n) => <span className="ops-numbers__e164">{n.e164}</span> },
    { key: 'country', header: t('columns.country'), cell: (n) => countryName.get(n.country_id) ?? String(n.country_id) },
    { key: 'type', header: t('columns.type'), cell: (n) => t(`types.${n.mobile_number_type_id}`) },
    { key: 'source', header: t('columns.source'), cell: (n) => sourceLabel(n.source) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (n) => (
        <span className={`ops-numbers__status ops-numbers__status--${n.status}`} title={n.retired_reason ?? undefined}>
          {t(`statuses.${n.status}`)}
          {n.resting_until && <small> {t('restingUntil', { date: at(n.resting_until) })}</small>}
        </span>
      ),
    },
    {
      key: 'rental',
      header: t('columns.rental'),
      cell: (n) =>
        n.rentals.length === 0 ? (
          t('ops:common.none')
        ) : (
          <ul className="ops-numbers__rentals">
            {n.rentals.map((r) => (
              <li key={r.id}>
                <span>{r.email ?? r.sub}</span>
                {r.service_name && <span> · {r.service_name}</span>}
                <small>
                  {' '}
                  <code>{r.id}</code> · {t('rentalEnds', { date: at(r.ends_at) })}
                </small>
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'lastSms',
      header: t('columns.lastSms'),
      cell: (n) => (n.last_sms_at ? <time dateTime={n.last_sms_at}>{at(n.last_sms_at)}</time> : t('ops:common.none')),
    },
    { key: 'smsCount', header: t('columns.smsCount'), numeric: true, cell: (n) => n.sms_count },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (n) =>
        n.status === 'retired' ? (
          <Button variant="ghost" size="sm" onClick={() => void unretire(n)}>
            {t('retire.unretire')}
          </Button>
        ) : (
          <Button size="sm" onClick={() => setRetiring(n)}>
            {t('retire.button')}
          </Button>
        ),
    },
  ];

  return (
    <DashboardPage
      title={t('title')}
      lead={t('intro')}
      actions={
        !importing && (
          <Button variant="primary" onClick={() => setImporting(true)}>
            {t('addNumbers')}
          </Button>
        )
      }
    >
      {importing && <ImportNumbersPanel countries={countries} onClose={() => setImporting(false)} onImported={() => void mutate()} />}
      <Panel title={t('caption')}>
        <NumberFiltersBar filters={filters} countries={countries} onChange={onFilters} />
        <PagedTable
          list={list}
          icon={PhoneIcon}
          caption={t('caption')}
          columns={columns}
          rows={items}
          rowKey={(n) => String(n.id)}
          empty={<EmptyState icon={PhoneIcon} title={t('empty')} />}
          testId="numbers-table"
        />
      </Panel>
      {retiring && (
        <RetireModal
          number={retiring}
          onClose={() => setRetiring(undefined)}
          onDone={() => {
            setRetiring(undefined);
            void mutate();
          }}
        />
      )}
    </DashboardPage>
  );
}
