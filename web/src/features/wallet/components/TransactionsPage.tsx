import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { ledgerKinds, type LedgerKind } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ReceiptIcon } from '@/components/icons/dashboard-icons';
import { Panel } from '@/components/panel/Panel';
import { exportFileName, fetchTransactionsForExport, saveFile } from '@/features/wallet/api/export-transactions';
import { filterQuery, readFilters, useTransactions, type TransactionFilters } from '@/features/wallet/api/use-transactions';
import { TransactionRow, transactionColumns } from './TransactionRow';
import { csvBlob, transactionsCsv } from './transactions-csv';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';
import '@/styles/list-tools.css';
import './wallet.css';

/**
 * Transaction History: filters (kind, from, to) and the page live in the URL, so Back and a shared
 * link keep them. A table on wide screens, cards on small ones; Previous/Next paging; Export CSV
 * saves the whole filtered list, worded as the table words it, in the interface language.
 */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation('wallet');
  const { t: td } = useTranslation('dashboard');
  const toast = useToast();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const { filters, page } = readFilters(params);
  const filtered = Boolean(filters.kind || filters.from || filters.to);
  const datesReversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const { data, error, isLoading, isValidating, mutate } = useTransactions(filters, page, { enabled: !datesReversed });
  const [exporting, setExporting] = useState(false);

  const go = (next: TransactionFilters, nextPage: number, replace: boolean) => {
    const query = filterQuery(next);
    if (nextPage > 0) query.set('page', String(nextPage));
    setParams(query, { replace });
  };
  // A new filter starts again at the first page.
  const filter = (change: Partial<TransactionFilters>) => go({ ...filters, ...change }, 0, true);
  const turn = (nextPage: number) => go(filters, nextPage, false);

  const download = async () => {
    setExporting(true);
    try {
      const rows = await fetchTransactionsForExport(filters);
      saveFile(csvBlob(transactionsCsv(t, i18n.language, rows)), exportFileName);
    } catch (failure) {
      console.error('Transactions could not be exported', failure);
      toast.error(t('transactions.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const reply = datesReversed ? undefined : data?.data;
  const items = reply?.data ?? [];
  const hasNext = Boolean(reply && reply.next_page !== null && items.length > 0);

  let body;
  if (datesReversed) body = null;
  else if (isLoading && !reply) body = <Loader block />;
  else if (error && !reply)
    body = (
      <div className="tx-error" role="alert">
        <p>{t('transactions.loadError')}</p>
        <Button size="sm" onClick={() => void mutate()}>
          {t('transactions.retry')}
        </Button>
      </div>
    );
  else if (!items.length)
    body = filtered ? (
      <EmptyState icon={ReceiptIcon} title={t('transactions.emptyFiltered')} text={t('transactions.emptyFilteredText')} />
    ) : (
      <EmptyState icon={ReceiptIcon} title={td('empty.transactions')} text={td('transaction.text')} />
    );
  else
    body = (
      <div className="tx-table-wrap" aria-busy={isValidating}>
        <table className="tx-table" data-testid="transactions-table">
          <thead>
            <tr>
              {transactionColumns.map((column) => (
                <th key={column} scope="col" className={`tx-table__${column}`}>
                  {t(`transactions.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </tbody>
        </table>
      </div>
    );

  const exportButton = (
    <Button size="sm" data-testid="transactions-export" onClick={() => void download()} disabled={exporting || datesReversed} busy={exporting}>
      {exporting ? t('transactions.exporting') : t('transactions.export')}
    </Button>
  );

  return (
    <DashboardPage title={td('transaction.title')} lead={td('transaction.lead')}>
      <Panel title={td('transaction.all')} action={exportButton}>
        <form className="tx-filters" role="search" aria-label={t('transactions.filters')} onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-kind`}>
              {t('transactions.kind')}
            </label>
            <select
              id={`${ids}-kind`}
              className="field__control"
              data-testid="transactions-kind"
              value={filters.kind}
              onChange={(event) => filter({ kind: event.target.value as LedgerKind | '' })}
            >
              <option value="">{t('transactions.all')}</option>
              {ledgerKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={`field${datesReversed ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${ids}-from`}>
              {t('transactions.from')}
            </label>
            <input
              id={`${ids}-from`}
              className="field__control"
              data-testid="transactions-from"
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              aria-invalid={datesReversed || undefined}
              aria-describedby={datesReversed ? `${ids}-dates` : undefined}
              onChange={(event) => filter({ from: event.target.value })}
            />
          </div>
          <div className={`field${datesReversed ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${ids}-to`}>
              {t('transactions.to')}
            </label>
            <input
              id={`${ids}-to`}
              className="field__control"
              data-testid="transactions-to"
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              aria-invalid={datesReversed || undefined}
              aria-describedby={datesReversed ? `${ids}-dates` : undefined}
              onChange={(event) => filter({ to: event.target.value })}
            />
          </div>
          {filtered && (
            <Button variant="ghost" className="tx-filters__reset" onClick={() => go({ kind: '', from: '', to: '' }, 0, true)}>
              {t('transactions.reset')}
            </Button>
          )}
        </form>
        {datesReversed && (
          <p className="field__error tx-filters__error" id={`${ids}-dates`} role="alert">
            {t('transactions.dateOrder')}
          </p>
        )}
        {body}
        {(page > 0 || hasNext) && !datesReversed && (
          <nav className="tx-paging" aria-label={t('transactions.paging.label')}>
            <Button size="sm" data-testid="transactions-previous" disabled={page === 0} onClick={() => turn(page - 1)}>
              {t('transactions.paging.previous')}
            </Button>
            <span className="tx-paging__page" aria-current="page">
              {t('transactions.paging.page', { page: page + 1 })}
            </span>
            <Button size="sm" data-testid="transactions-next" disabled={!hasNext} onClick={() => turn(reply?.next_page ?? page + 1)}>
              {t('transactions.paging.next')}
            </Button>
          </nav>
        )}
      </Panel>
    </DashboardPage>
  );
}
