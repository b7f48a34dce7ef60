import type { AuditEntry } from '@numbernest/contracts/ops';
import { useState, type FormEvent } from 'react';
import { type Column } from '@/components/data-table/DataTable';
import { PagedTable } from '@/features/ops-shared/components/paged-table/PagedTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ReceiptIcon } from '@/components/icons/dashboard-icons';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { FormField } from '@/components/form-field/FormField';
import { Panel } from '@/components/panel/Panel';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { noAuditFilters, useAudit, type AuditFilters } from '@/features/ops-audit/api/use-audit';
import { fieldChanges, shownValue } from './audit-change';
import { Button } from '@/components/button/Button';
import './AuditPage.css';

/** Each changed field on a line of its own: its name, the value before (struck) and after. */
function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('ops-audit');
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="audit__same">{t('unchanged')}</span>;
  return (
    <ul className="audit__changes">
      {changes.map(({ field, before, after }) => (
        <li key={field}>
          {field && <span className="audit__field">{field}</span>}
          <del className="audit__before">{shownValue(before)}</del>
          <span aria-hidden="true"> → </span>
          <ins className="audit__after">{shownValue(after)}</ins>
        </li>
      ))}
    </ul>
  );
}

/** The append-only audit log: who did what, when, before and after, and why. */
export default function AuditPage() {
  const { t, i18n } = useTranslation(['ops-audit', 'ops']);
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const list = useAudit(filters);
  const { items } = list;
  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('columns.at'), cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at, i18n.language, { seconds: true })}</time> },
    { key: 'operator', header: t('columns.operator'), cell: (e) => e.operator.email },
    { key: 'action', header: t('columns.action'), cell: (e) => <code>{e.action}</code> },
    { key: 'target', header: t('columns.target'), cell: (e) => `${e.target.type} ${e.target.id}` },
    {
      key: 'change',
      header: t('columns.change'),
      cell: (e) => <Change entry={e} />,
    },
    { key: 'reason', header: t('columns.reason'), cell: (e) => e.reason ?? t('ops:common.none') },
  ];
  const field = (name: keyof AuditFilters, type: string) => (
    <FormField
      id={`audit-filter-${name}`}
      label={t(`filters.${name}`)}
      inputProps={{ type, value: draft[name], autoComplete: 'off', onChange: (e) => setDraft({ ...draft, [name]: e.target.value }) }}
    />
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const clear = () => {
    setDraft(noAuditFilters);
    setFilters(noAuditFilters);
  };
  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <Panel title={t('caption')}>
        <form className="audit__filters" role="search" aria-label={t('filters.label')} onSubmit={apply}>
          {field('from', 'date')}
          {field('to', 'date')}
          {field('operator', 'text')}
          {field('action', 'text')}
          <div className="audit__filter-actions">
            <Button type="submit" variant="primary" size="sm">
              {t('filters.apply')}
            </Button>
            <Button size="sm" onClick={clear}>
              {t('filters.clear')}
            </Button>
          </div>
        </form>
        <PagedTable
          list={list}
          icon={ReceiptIcon}
          caption={t('caption')}
          columns={columns}
          rows={items}
          rowKey={(e) => e.id}
          empty={<EmptyState icon={ReceiptIcon} title={t('empty')} />}
          testId="audit-table"
        />
      </Panel>
    </DashboardPage>
  );
}
