import { paymentProviders, type PaymentProvider } from '@numbernest/contracts';
import { type OverviewDay, type OverviewHour } from '@numbernest/contracts/ops';
import uPlot from 'uplot';
import { formatUtcDay, formatUtcHour } from '@/lib/dates';
import { usd } from '@/lib/money';
import type { ChartBuild, ChartColors } from './Chart';

/** The colour variable (`--color-<name>`) of each provider's bars. */
export const providerColor: Record<PaymentProvider, 'primary' | 'info' | 'success' | 'warning' | 'question'> = {
  stripe: 'primary',
  perfectmoney: 'info',
  payeer: 'success',
  binance: 'warning',
  crypto: 'question',
};

/** A category axis (x = 0, 1, 2…) labelled by `labels`, thinned to what fits the width. */
function categoryAxis(colors: ChartColors, labels: string[], width: number): uPlot.Axis {
  const room = Math.max(1, Math.floor(width / 76));
  const every = Math.max(1, Math.ceil(labels.length / room));
  return {
    stroke: colors.muted,
    grid: { show: false },
    ticks: { stroke: colors.grid },
    splits: () => labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % every === 0),
    values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
  };
}

const valueAxis = (colors: ChartColors, format: (value: number) => string, extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
  stroke: colors.muted,
  grid: { stroke: colors.grid, width: 1 },
  ticks: { stroke: colors.grid },
  values: (_u, splits) => splits.map(format),
  size: 52,
  ...extra,
});

const bars = (size: number, align: -1 | 0 | 1 = 0) => uPlot.paths.bars!({ size: [size, 48], align, gap: 1 });
const money = (value: number) => usd(value, { wholeWithoutCents: true });

/** What every chart here shares: a category x scale with room for the end bars, no zoom; the page draws the legend, with each series' total. */
const base = (xLabel: string, legendLabel: (i: number) => string): Pick<uPlot.Options, 'scales' | 'cursor' | 'legend'> & { x: uPlot.Series } => ({
  scales: {
    x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
    // Bars stand on zero.
    y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
  },
  cursor: { drag: { x: false, y: false }, points: { show: false } },
  legend: { show: false },
  x: { label: xLabel, value: (_u, v) => (v === null ? '' : legendLabel(Math.round(v))) },
});

/**
 * Top-ups by provider per day, stacked: each provider's bar stands on the ones before it (drawn
 * as running totals, the tallest first), while the legend shows each provider's own sum.
 */
export function topUpsChart(
  days: OverviewDay[],
  language: string,
  names: { day: string; provider: (p: PaymentProvider) => string },
  formatMoney: (v: number) => string,
): ChartBuild {
  const shown = paymentProviders.filter((p) => days.some((d) => (d.top_ups[p]?.count ?? 0) > 0));
  const raw = shown.map((p) => days.map((d) => d.top_ups[p]?.sum ?? 0));
  const running = raw.map((_, k) => days.map((_, i) => raw.slice(0, k + 1).reduce((sum, list) => sum + list[i]!, 0)));
  const labels = days.map((d) => formatUtcDay(d.date, language));
  return (colors, width) => {
    const { x, ...common } = base(names.day, (i) => days[i]?.date ?? '');
    const order = shown.map((_, k) => shown.length - 1 - k); // tallest running total first
    return {
      options: {
        ...common,
        series: [
          x,
          ...order.map((k) => ({
            label: names.provider(shown[k]!),
            fill: colors.series(providerColor[shown[k]!]),
            stroke: colors.series(providerColor[shown[k]!]),
            width: 0,
            paths: bars(0.7),
            points: { show: false },
            value: (_u: uPlot, _v: number | null, _s: number, i: number | null) => (i === null ? '' : formatMoney(raw[k]![i]!)),
          })),
        ],
        axes: [categoryAxis(colors, labels, width), valueAxis(colors, money)],
      },
      data: [days.map((_, i) => i), ...order.map((k) => running[k]!)],
    };
  };
}

/** Rental revenue and refunds per day, side by side. */
export function revenueChart(
  days: OverviewDay[],
  language: string,
  names: { day: string; revenue: string; refunds: string },
  formatMoney: (v: number) => string,
): ChartBuild {
  const labels = days.map((d) => formatUtcDay(d.date, language));
  return (colors, width) => {
    const { x, ...common } = base(names.day, (i) => days[i]?.date ?? '');
    const series = (label: string, color: string, align: -1 | 1): uPlot.Series => ({
      label,
      fill: colors.series(color),
      stroke: colors.series(color),
      width: 0,
      paths: bars(0.38, align),
      points: { show: false },
      value: (_u, v) => (v === null ? '' : formatMoney(v)),
    });
    return {
      options: {
        ...common,
        series: [x, series(names.revenue, 'success', -1), series(names.refunds, 'danger', 1)],
        axes: [categoryAxis(colors, labels, width), valueAxis(colors, money)],
      },
      data: [days.map((_, i) => i), days.map((d) => d.revenue.sum), days.map((d) => d.refunds.sum)],
    };
  };
}

/** SMS per hour (routed and orphan, stacked) with the routed share as a line on its own axis. */
export function smsChart(hours: OverviewHour[], language: string, names: { hour: string; routed: string; orphan: string; share: string }): ChartBuild {
  const labels = hours.map((h) => formatUtcHour(h.hour, language));
  const share = hours.map((h) => (h.sms_received > 0 ? Math.round((h.sms_routed / h.sms_received) * 100) : null));
  return (colors, width) => {
    const { x, ...common } = base(names.hour, (i) => (hours[i] ? `${hours[i].hour}:00 UTC` : ''));
    const count = (value: number) => (Number.isInteger(value) ? String(value) : '');
    return {
      options: {
        ...common,
        scales: { ...common.scales, share: { range: [0, 100] } },
        series: [
          x,
          {
            label: names.orphan,
            fill: colors.series('warning'),
            stroke: colors.series('warning'),
            width: 0,
            paths: bars(0.7),
            points: { show: false },
            value: (_u, _v, _s, i) => (i === null ? '' : String(hours[i]!.sms_received - hours[i]!.sms_routed)),
          },
          {
            label: names.routed,
            fill: colors.series('success'),
            stroke: colors.series('success'),
            width: 0,
            paths: bars(0.7),
            points: { show: false },
          },
          {
            label: names.share,
            scale: 'share',
            stroke: colors.series('primary'),
            width: 2,
            spanGaps: true,
            points: { show: false },
            value: (_u, v) => (v === null ? '–' : `${v}%`),
          },
        ],
        axes: [
          categoryAxis(colors, labels, width),
          valueAxis(colors, count, { size: 40 }),
          valueAxis(colors, (v) => `${v}%`, { scale: 'share', side: 1, grid: { show: false }, size: 52 }),
        ],
      },
      // The orphan bar is drawn as the whole (received), the routed part over it.
      data: [hours.map((_, i) => i), hours.map((h) => h.sms_received), hours.map((h) => h.sms_routed), share],
    };
  };
}
