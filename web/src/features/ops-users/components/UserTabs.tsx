import { useState, type ReactNode } from 'react';
import type { Message, MessageBox, WebhookDelivery } from '@numbernest/contracts';
import type { OpsApiKey, OpsLedgerEntry, OpsRental, OpsUserTopUp } from '@numbernest/contracts/ops';
import { type Column } from '@/components/data-table/DataTable';
import { describeTransaction } from '@/lib/describe-transaction';
import { PagedTable, type PagedList } from '@/features/ops-shared/components/paged-table/PagedTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ReceiptIcon } from '@/components/icons/dashboard-icons';
import { Tabs } from '@/components/tabs/Tabs';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { useUserApiKeys } from '@/features/ops-users/api/use-user-api-keys';
import { useUserLedger } from '@/features/ops-users/api/use-user-ledger';
import { useUserMessages } from '@/features/ops-users/api/use-user-messages';
import { useUserRentals } from '@/features/ops-users/api/use-user-rentals';
import { useUserTopUps } from '@/features/ops-users/api/use-user-top-ups';
import { useUserWebhookDeliveries } from '@/features/ops-users/api/use-user-webhook-deliveries';
import { PurchaseDecisions } from './PurchaseDecisions';
import { CloseDialog, RefundDialog } from './RentalDialogs';
import { Button } from '@/components/button/Button';

export const userTabs = ['ledger', 'topUps', 'rentals', 'decisions', 'messages', 'apiKeys', 'webhook'] as const;
export type UserTab = (typeof userTabs)[number];

/** A paged list as one table with its loader, failure and Load more. */
interface PagedProps<T> {
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  list: PagedList & { items: T[] };
  testId: string;
}

function Paged<T>({ caption, columns, rowKey, list, testId }: PagedProps<T>) {
  const { t } = useTranslation('ops-users');
  return (
    <PagedTable
      list={list}
      icon={ReceiptIcon}
      caption={caption}
      columns={columns}
      rows={list.items}
      rowKey={rowKey}
      empty={<EmptyState icon={ReceiptIcon} title={t('tabs.empty')} />}
      testId={testId}
    />
  );
}

const When = ({ iso, language }: { iso: string | null; language: string }) => (iso ? <time dateTime={iso}>{formatDateTime(iso, language)}</time> : <>—</>);

function LedgerTab({ sub }: { sub: string }) {
  const { t, i18n } = useTranslation(['ops-users', 'wallet']);
  const { t: tWallet } = useTranslation('wallet');
  const list = useUserLedger(sub);
  const columns: Column<OpsLedgerEntry>[] = [
    { key: 'at', header: t('ledger.at'), cell: (e) => <When iso={e.created_at} language={i18n.language} /> },
    { key: 'kind', header: t('ledger.kind'), cell: (e) => t(`wallet:kinds.${e.kind}`, { defaultValue: e.kind }) },
    {
      key: 'description',
      header: t('ledger.description'),
      cell: (e) => (
        <span className="ops-users__wrap">
          {describeTransaction(tWallet, e)}
          {e.operator && <span className="ops-users__muted"> · {t('ledger.by', { operator: e.operator })}</span>}
          {e.note && <span className="ops-users__note">{t('ledger.note', { note: e.note })}</span>}
        </span>
      ),
    },
    { key: 'reference', header: t('ledger.reference'), cell: (e) => <code>{e.reference}</code> },
    {
      key: 'amount',
      header: t('ledger.amount'),
      numeric: true,
      cell: (e) => <span className={e.amount < 0 ? 'ops-users__negative' : 'ops-users__positive'}>{usd(e.amount)}</span>,
    },
    { key: 'after', header: t('ledger.after'), numeric: true, cell: (e) => usd(e.balance_after) },
  ];
  return <Paged caption={t('tabs.ledger')} columns={columns} rowKey={(e) => e.id} list={list} testId="ops-user-ledger" />;
}

function TopUpsTab({ sub }: { sub: string }) {
  const { t, i18n } = useTranslation('ops-users');
  const list = useUserTopUps(sub);
  const columns: Column<OpsUserTopUp>[] = [
    { key: 'at', header: t('topUps.at'), cell: (u) => <When iso={u.created_at} language={i18n.language} /> },
    { key: 'provider', header: t('topUps.provider'), cell: (u) => u.provider },
    { key: 'amount', header: t('topUps.amount'), numeric: true, cell: (u) => usd(u.amount) },
    {
      key: 'status',
      header: t('topUps.status'),
      cell: (u) => <span className={`ops-users__status ops-users__status--${u.status}`}>{t(`topUps.statuses.${u.status}`)}</span>,
    },
    { key: 'paid', header: t('topUps.paid'), cell: (u) => <When iso={u.paid_at} language={i18n.language} /> },
    { key: 'reversed', header: t('topUps.reversed'), numeric: true, cell: (u) => (u.reversed ? usd(-u.reversed) : '—') },
    { key: 'review', header: t('topUps.review'), cell: (u) => u.review_reason ?? '—' },
  ];
  return <Paged caption={t('tabs.topUps')} columns={columns} rowKey={(u) => u.id} list={list} testId="ops-user-top-ups" />;
}

function RentalsTab({ sub, onMoney }: { sub: string; onMoney: () => void }) {
  const { t, i18n } = useTranslation('ops-users');
  const list = useUserRentals(sub);
  const [dialog, setDialog] = useState<{ kind: 'refund' | 'close'; rental: OpsRental } | null>(null);
  const done = () => {
    void list.mutate();
    onMoney();
  };
  const columns: Column<OpsRental>[] = [
    {
      key: 'number',
      header: t('rentals.number'),
      cell: (r) => (
        <span className="ops-users__wrap">
          <strong>{r.number}</strong> <span className="ops-users__muted">{r.service?.name ?? t('rentals.private')}</span>
        </span>
      ),
    },
    { key: 'type', header: t('rentals.type'), cell: (r) => t(`rentals.types.${r.type}`) },
    { key: 'status', header: t('rentals.status'), cell: (r) => (r.status === 'active' ? t('rentals.active') : t(`rentals.ended.${r.ended ?? 'closed'}`)) },
    { key: 'started', header: t('rentals.started'), cell: (r) => <When iso={r.started_at} language={i18n.language} /> },
    { key: 'expires', header: t('rentals.expires'), cell: (r) => <When iso={r.expires_at} language={i18n.language} /> },
    { key: 'sms', header: t('rentals.sms'), numeric: true, cell: (r) => `${r.messages_count}${r.sent_count ? ` / ${r.sent_count}` : ''}` },
    { key: 'price', header: t('rentals.price'), numeric: true, cell: (r) => usd(r.price) },
    { key: 'refunded', header: t('rentals.refunded'), numeric: true, cell: (r) => (r.refunded ? usd(r.refunded) : '—') },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('rentals.actions')}</span>,
      cell: (r) =>
        r.status === 'active' ? (
          <Button size="sm" onClick={() => setDialog({ kind: 'close', rental: r })}>
            {t('rentals.close')}
          </Button>
        ) : r.refundable_amount > 0 ? (
          <Button size="sm" onClick={() => setDialog({ kind: 'refund', rental: r })}>
            {t('rentals.refund')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Paged caption={t('tabs.rentals')} columns={columns} rowKey={(r) => r.id} list={list} testId="ops-user-rentals" />
      {dialog?.kind === 'refund' && <RefundDialog sub={sub} rental={dialog.rental} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'close' && <CloseDialog sub={sub} rental={dialog.rental} onClose={() => setDialog(null)} onDone={done} />}
    </>
  );
}

function MessagesTab({ sub }: { sub: string }) {
  const { t, i18n } = useTranslation('ops-users');
  const [box, setBox] = useState<MessageBox>('inbox');
  const list = useUserMessages(sub, box);
  const columns: Column<Message>[] = [
    { key: 'at', header: t('messages.at'), cell: (m) => <When iso={m.created_at} language={i18n.language} /> },
    { key: 'from', header: t('messages.from'), cell: (m) => m.from },
    { key: 'to', header: t('messages.to'), cell: (m) => m.to },
    { key: 'body', header: t('messages.body'), cell: (m) => <span className="ops-users__wrap">{m.body}</span> },
    { key: 'code', header: t('messages.code'), cell: (m) => (m.code ? <code>{m.code}</code> : '—') },
    {
      key: 'status',
      header: t('messages.status'),
      cell: (m) => (m.status ? t(`messages.statuses.${m.status}`) : m.verified === false ? t('messages.unverified') : '—'),
    },
  ];
  return (
    <>
      <div className="ops-users__subtabs">
        <Tabs
          label={t('messages.box')}
          options={[
            { value: 'inbox', label: t('messages.inbox') },
            { value: 'sent', label: t('messages.sent') },
          ]}
          value={box}
          onChange={setBox}
        />
      </div>
      <Paged caption={t('tabs.messages')} columns={columns} rowKey={(m) => m.id} list={list} testId="ops-user-messages" />
    </>
  );
}

function ApiKeysTab({ sub }: { sub: string }) {
  const { t, i18n } = useTranslation(['ops-users', 'ops']);
  const { data, error, isLoading, mutate } = useUserApiKeys(sub);
  const columns: Column<OpsApiKey>[] = [
    { key: 'name', header: t('apiKeys.name'), cell: (k) => k.name },
    { key: 'created', header: t('apiKeys.created'), cell: (k) => <When iso={k.created_at} language={i18n.language} /> },
    { key: 'used', header: t('apiKeys.lastUsed'), cell: (k) => <When iso={k.last_used_at} language={i18n.language} /> },
    { key: 'revoked', header: t('apiKeys.revoked'), cell: (k) => (k.revoked_at ? <When iso={k.revoked_at} language={i18n.language} /> : t('apiKeys.live')) },
  ];
  const list = { items: data?.data ?? [], error, isLoading, isValidating: false, hasMore: false, loadMore: () => undefined, mutate };
  return <Paged caption={t('tabs.apiKeys')} columns={columns} rowKey={(k) => k.id} list={list} testId="ops-user-api-keys" />;
}

function WebhookTab({ sub, url }: { sub: string; url: string | null }) {
  const { t, i18n } = useTranslation('ops-users');
  const list = useUserWebhookDeliveries(sub);
  const columns: Column<WebhookDelivery>[] = [
    { key: 'at', header: t('webhook.at'), cell: (d) => <When iso={d.created_at} language={i18n.language} /> },
    { key: 'kind', header: t('webhook.kind'), cell: (d) => d.kind },
    {
      key: 'status',
      header: t('webhook.status'),
      cell: (d) => <span className={`ops-users__status ops-users__status--${d.status}`}>{t(`webhook.statuses.${d.status}`)}</span>,
    },
    { key: 'code', header: t('webhook.code'), numeric: true, cell: (d) => d.status_code ?? '—' },
    { key: 'attempts', header: t('webhook.attempts'), numeric: true, cell: (d) => d.attempts },
    { key: 'error', header: t('webhook.error'), cell: (d) => <span className="ops-users__wrap">{d.last_error ?? '—'}</span> },
  ];
  return (
    <>
      <p className="ops-users__webhook-url">
        {t('webhook.url')}: {url ? <code>{url}</code> : <span className="ops-users__muted">{t('webhook.none')}</span>}
      </p>
      <Paged caption={t('tabs.webhook')} columns={columns} rowKey={(d) => d.id} list={list} testId="ops-user-webhook" />
    </>
  );
}

/** The customer's records, one tab at a time (each loads when first shown); `version` changes when money moved. */
export function UserTabs({ sub, webhookUrl, version, onMoney }: { sub: string; webhookUrl: string | null; version: number; onMoney: () => void }) {
  const { t } = useTranslation('ops-users');
  const [tab, setTab] = useState<UserTab>('ledger');
  const panels: Record<UserTab, ReactNode> = {
    // Remounted after money moved here, so the first page is read again.
    ledger: <LedgerTab key={version} sub={sub} />,
    topUps: <TopUpsTab sub={sub} />,
    rentals: <RentalsTab key={version} sub={sub} onMoney={onMoney} />,
    decisions: <PurchaseDecisions sub={sub} />,
    messages: <MessagesTab sub={sub} />,
    apiKeys: <ApiKeysTab sub={sub} />,
    webhook: <WebhookTab sub={sub} url={webhookUrl} />,
  };
  return (
    <>
      <div className="ops-users__tabs">
        <Tabs label={t('tabs.label')} options={userTabs.map((value) => ({ value, label: t(`tabs.${value}`) }))} value={tab} onChange={setTab} />
      </div>
      {panels[tab]}
    </>
  );
}
