import type { PaymentProvider } from '@numbernest/contracts';
import type { Overview, OverviewDay } from '@numbernest/contracts/ops';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { GridIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { usd } from '@/lib/money';
import { opsPaths } from '@/lib/paths';
import { useOverview } from '@/features/ops-overview/api/use-overview';
import { useRecountActiveRentals } from '@/features/ops-overview/api/use-recount-active-rentals';
import { Chart } from './Chart';
import { ChartLegend } from './ChartLegend';
import { providerColor, revenueChart, smsChart, topUpsChart } from './charts';
import { Button } from '@/components/button/Button';
import './OverviewPage.css';

const periods = [7, 30, 90] as const;

const topUpTotal = (days: OverviewDay[]) => {
  const all = days.flatMap((day) => Object.values(day.top_ups));
  return { sum: Math.round(all.reduce((s, f) => s + f.sum, 0) * 100) / 100, count: all.reduce((s, f) => s + f.count, 0) };
};
const total = <T,>(rows: T[], pick: (row: T) => number) => Math.round(rows.reduce((s, row) => s + pick(row), 0) * 100) / 100;

function Kpi({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="ops-kpi">
      <dt className="ops-kpi__label">{label}</dt>
      <dd className="ops-kpi__value">{value}</dd>
      {note !== undefined && <dd className="ops-kpi__note">{note}</dd>}
    </div>
  );
}

/** The console's home: today's figures, what waits for an operator, and the last days and hours as charts. */
export default function OverviewPage() {
  const { t, i18n } = useTranslation(['ops-overview', 'ops']);
  const [days, setDays] = useState<number>(30);
  const { data, error, isLoading, mutate } = useOverview(days);
  const overview = data?.data;

  return (
    <DashboardPage
      title={t('title')}
      lead={t('intro')}
      actions={
        <label className="ops-overview__period">
          <span>{t('periodLabel')}</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {periods.map((n) => (
              <option key={n} value={n}>
                {t('days', { count: n })}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {isLoading && !overview ? (
        <Loader block />
      ) : !overview ? (
        <EmptyState
          icon={GridIcon}
          title={error ? t('ops:common.failed') : t('title')}
          action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
        />
      ) : (
        <OverviewBody overview={overview} language={i18n.language} onRecounted={() => void mutate()} />
      )}
    </DashboardPage>
  );
}

/** Sets the active-rentals gauge from the rentals themselves (when it has drifted), then shows the new figures. */
function RecountButton({ onRecounted }: { onRecounted: () => void }) {
  const { t } = useTranslation(['ops-overview', 'ops', 'errors']);
  const toast = useToast();
  const { trigger, isMutating } = useRecountActiveRentals();
  const recount = async () => {
    try {
      const { data } = await trigger();
      toast.success(t('recount.done', { ...data.after }));
      onRecounted();
    } catch (error) {
      toast.error(error instanceof ApiError ? serverErrorText(t, error) : t('ops:common.failed'));
    }
  };
  return (
    <Button size="sm" disabled={isMutating} onClick={() => void recount()} title={t('recount.hint')}>
      {t('recount.button')}
    </Button>
  );
}

function OverviewBody({ overview, language, onRecounted }: { overview: Overview; language: string; onRecounted: () => void }) {
  const { t } = useTranslation(['ops-overview', 'ops']);
  const { today, days, hours, active_rentals: active, open_items: open } = overview;
  const ms = (value: number | null) =>
    value === null ? t('ops:common.none') : value < 1000 ? t('ms', { value }) : t('seconds', { value: (value / 1000).toFixed(1) });
  const share = (routed: number, received: number) => (received === 0 ? t('ops:common.none') : `${Math.round((routed / received) * 100)}%`);
  const todayTopUps = topUpTotal([today]);
  const periodTopUps = topUpTotal(days);
  const periodSms = { received: total(days, (d) => d.sms_received), routed: total(days, (d) => d.sms_routed) };
  const providerName = (p: PaymentProvider) => t(`providers.${p}`);
  const periodProviders = (Object.keys(providerColor) as PaymentProvider[]).filter((p) => days.some((d) => (d.top_ups[p]?.count ?? 0) > 0));
  const hourSms = { received: total(hours, (h) => h.sms_received), routed: total(hours, (h) => h.sms_routed) };

  const charts = useMemo(
    () => ({
      topUps: topUpsChart(days, language, { day: t('charts.day'), provider: providerName }, usd),
      revenue: revenueChart(days, language, { day: t('charts.day'), revenue: t('charts.revenue'), refunds: t('charts.refunds') }, usd),
      sms: smsChart(hours, language, { hour: t('charts.hour'), routed: t('charts.routed'), orphan: t('charts.orphan'), share: t('charts.share') }),
    }),
    // The builders depend on the figures and the language only (t follows the language).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, hours, language],
  );
  const openCards: Array<{ key: keyof Overview['open_items']; to: string }> = [
    { key: 'top_ups_in_review', to: opsPaths.topUps },
    { key: 'accounts_on_hold', to: opsPaths.holds },
    { key: 'orphan_messages', to: opsPaths.orphanMessages },
    { key: 'unanswered_contact_messages', to: opsPaths.contactMessages },
  ];

  return (
    <div className="ops-overview">
      <Panel title={t('today.title')} action={<RecountButton onRecounted={onRecounted} />}>
        <dl className="ops-kpis">
          <Kpi label={t('today.topUps')} value={usd(todayTopUps.sum)} note={t('count', { count: todayTopUps.count })} />
          <Kpi
            label={t('today.revenue')}
            value={usd(today.revenue.sum)}
            note={t('today.revenueNote', { purchases: today.revenue.purchases, extensions: today.revenue.extensions })}
          />
          <Kpi label={t('today.refunds')} value={usd(today.refunds.sum)} note={t('count', { count: today.refunds.count })} />
          <Kpi
            label={t('today.active')}
            value={active.shared + active.private + active.temporary}
            note={t('today.activeNote', { shared: active.shared, private: active.private, temporary: active.temporary })}
          />
          <Kpi
            label={t('today.latency')}
            value={`${ms(today.otp_latency.p50_ms)} / ${ms(today.otp_latency.p95_ms)}`}
            note={t('samples', { count: today.otp_latency.samples })}
          />
          <Kpi
            label={t('today.routed')}
            value={share(today.sms_routed, today.sms_received)}
            note={t('today.routedNote', { routed: today.sms_routed, received: today.sms_received })}
          />
        </dl>
      </Panel>

      <Panel title={t('open.title')}>
        <ul className="ops-open">
          {openCards.map(({ key, to }) => (
            <li key={key}>
              <Link className={`ops-open__card${open[key] > 0 ? ' ops-open__card--waiting' : ''}`} to={to}>
                <span className="ops-open__count">{open[key]}</span>
                <span className="ops-open__label">{t(`open.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title={t('window', { count: days.length })}>
        <dl className="ops-kpis">
          <Kpi label={t('today.topUps')} value={usd(periodTopUps.sum)} note={t('count', { count: periodTopUps.count })} />
          <Kpi label={t('today.revenue')} value={usd(total(days, (d) => d.revenue.sum))} />
          <Kpi label={t('today.refunds')} value={usd(total(days, (d) => d.refunds.sum))} note={t('count', { count: total(days, (d) => d.refunds.count) })} />
          <Kpi
            label={t('today.latency')}
            value={`${ms(overview.otp_latency.p50_ms)} / ${ms(overview.otp_latency.p95_ms)}`}
            note={t('samples', { count: overview.otp_latency.samples })}
          />
          <Kpi label={t('today.routed')} value={share(periodSms.routed, periodSms.received)} note={t('today.routedNote', periodSms)} />
        </dl>
      </Panel>

      <div className="ops-overview__charts">
        <Panel title={t('charts.topUps')}>
          {periodTopUps.count === 0 ? (
            <p className="ops-overview__none">{t('charts.noTopUps')}</p>
          ) : (
            <>
              <Chart build={charts.topUps} label={t('charts.topUps')} />
              <ChartLegend
                label={t('charts.legend')}
                entries={periodProviders.map((p) => ({
                  label: providerName(p),
                  value: usd(total(days, (d) => d.top_ups[p]?.sum ?? 0)),
                  color: providerColor[p],
                }))}
              />
            </>
          )}
        </Panel>
        <Panel title={t('charts.revenueTitle')}>
          <Chart build={charts.revenue} label={t('charts.revenueTitle')} />
          <ChartLegend
            label={t('charts.legend')}
            entries={[
              { label: t('charts.revenue'), value: usd(total(days, (d) => d.revenue.sum)), color: 'success' },
              { label: t('charts.refunds'), value: usd(total(days, (d) => d.refunds.sum)), color: 'danger' },
            ]}
          />
        </Panel>
        <Panel title={t('charts.smsTitle')}>
          <Chart build={charts.sms} label={t('charts.smsTitle')} />
          <ChartLegend
            label={t('charts.legend')}
            entries={[
              { label: t('charts.routed'), value: String(hourSms.routed), color: 'success' },
              { label: t('charts.orphan'), value: String(hourSms.received - hourSms.routed), color: 'warning' },
              { label: t('charts.share'), value: share(hourSms.routed, hourSms.received), color: 'primary' },
            ]}
          />
        </Panel>
      </div>
      <p className="ops-overview__note">{t('note')}</p>
    </div>
  );
}
