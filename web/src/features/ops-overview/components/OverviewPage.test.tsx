import type { Overview, OverviewDay } from '@numbernest/contracts/ops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import type { ChartBuild } from './Chart';
import OverviewPage from './OverviewPage';

// jsdom has no canvas: uPlot is replaced, and each chart shows the series its builder made at 360 px.
vi.mock('uplot', () => ({ default: { paths: { bars: () => () => null } } }));
vi.mock('./Chart', () => ({
  Chart: ({ build, label }: { build: ChartBuild; label: string }) => {
    const { options, data } = build({ text: '#000', muted: '#666', grid: '#ddd', surface: '#fff', series: (n) => `var(${n})` }, 360);
    return (
      <figure aria-label={label}>
        {options.series.slice(1).map((s, i) => (
          <span key={i} data-testid="series">
            {`${String(s.label)}: ${(data[i + 1] as Array<number | null>).join(',')}`}
          </span>
        ))}
      </figure>
    );
  },
}));

const empty = (date: string): OverviewDay => ({
  date,
  top_ups: {},
  revenue: { sum: 0, purchases: 0, extensions: 0 },
  refunds: { count: 0, sum: 0 },
  sms_received: 0,
  sms_routed: 0,
  otp_latency: { p50_ms: null, p95_ms: null, samples: 0 },
});

const today: OverviewDay = {
  date: '2026-03-02',
  top_ups: { stripe: { count: 2, sum: 30 }, payeer: { count: 1, sum: 5 } },
  revenue: { sum: 12.5, purchases: 3, extensions: 1 },
  refunds: { count: 1, sum: 2.5 },
  sms_received: 8,
  sms_routed: 6,
  otp_latency: { p50_ms: 140, p95_ms: 1800, samples: 6 },
};

const overview: Overview = {
  today,
  days: [{ ...empty('2026-03-01'), top_ups: { stripe: { count: 1, sum: 10 } } }, today],
  hours: [
    { hour: '2026-03-02T09', sms_received: 4, sms_routed: 4 },
    { hour: '2026-03-02T10', sms_received: 4, sms_routed: 2 },
  ],
  otp_latency: { p50_ms: 140, p95_ms: 1800, samples: 6 },
  active_rentals: { shared: 4, private: 1, temporary: 2 },
  open_items: { top_ups_in_review: 3, orphan_messages: 0, unanswered_contact_messages: 1, accounts_on_hold: 2 },
};

// Role queries over a whole page are slow on a busy machine; the default 5 s is too tight.
describe('the operator console home', { timeout: 20_000 }, () => {
  it("shows today's figures, the open items as links, and charts built from the days and hours", async () => {
    const api = stubApi({ 'GET /ops/overview': () => ({ data: overview }) });
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const todayPanel = (await screen.findByRole('heading', { name: 'Today (UTC)' })).closest('section')!;
    const card = (label: string) => within(todayPanel).getByText(label).closest('.ops-kpi')!;
    expect(card('Top-ups')).toHaveTextContent('$35.00');
    expect(card('Top-ups')).toHaveTextContent('3 payments');
    expect(card('Rental revenue')).toHaveTextContent('$12.50');
    expect(card('Refunds')).toHaveTextContent('$2.50');
    expect(card('Active rentals')).toHaveTextContent('7');
    expect(card('Active rentals')).toHaveTextContent('Shared 4 · Private 1 · Temporary 2');
    expect(card('OTP latency p50 / p95')).toHaveTextContent('140 ms / 1.8 s');
    expect(card('SMS routed')).toHaveTextContent('75%');
    expect(api.requestsTo('GET /ops/overview')[0]!.url.searchParams.get('days')).toBe('30');

    expect(screen.getByRole('link', { name: /3\s*Top-ups in review/ })).toHaveAttribute('href', '/ops/top-ups');
    expect(screen.getByRole('link', { name: /0\s*Orphan SMS/ })).toHaveAttribute('href', '/ops/orphan-messages');
    expect(screen.getByRole('link', { name: /1\s*Unanswered contact messages/ })).toHaveAttribute('href', '/ops/contact-messages');
    expect(screen.getByRole('link', { name: /2\s*Accounts on hold/ })).toHaveAttribute('href', '/ops/holds');

    // Stacked top-ups: running totals, the tallest (Payeer on Stripe) first.
    const topUps = screen.getByRole('figure', { name: 'Top-ups by provider per day' });
    expect(
      within(topUps)
        .getAllByTestId('series')
        .map((s) => s.textContent),
    ).toEqual(['Payeer: 10,35', 'Stripe: 10,30']);
    const revenue = screen.getByRole('figure', { name: 'Rental revenue and refunds per day' });
    expect(
      within(revenue)
        .getAllByTestId('series')
        .map((s) => s.textContent),
    ).toEqual(['Revenue: 0,12.5', 'Refunds: 0,2.5']);
    const sms = screen.getByRole('figure', { name: 'SMS per hour, last 48 hours (UTC)' });
    expect(
      within(sms)
        .getAllByTestId('series')
        .map((s) => s.textContent),
    ).toEqual(['Orphan: 4,4', 'Routed: 4,2', 'Routed share: 100,50']);
  });

  it("names each chart's series with its figure for the period in a legend", async () => {
    stubApi({ 'GET /ops/overview': () => ({ data: overview }) });
    renderWithProviders(<OverviewPage />);
    const legend = async (title: string) => {
      const panel = (await screen.findByRole('heading', { name: title })).closest('section')!;
      return within(within(panel).getByRole('list', { name: 'Legend, totals for the period' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    };
    expect(await legend('Top-ups by provider per day')).toEqual(['Stripe$40.00', 'Payeer$5.00']);
    expect(await legend('Rental revenue and refunds per day')).toEqual(['Revenue$12.50', 'Refunds$2.50']);
    expect(await legend('SMS per hour, last 48 hours (UTC)')).toEqual(['Routed6', 'Orphan2', 'Routed share75%']);
  });

  it('recounts the active rentals on request and shows the new figures', async () => {
    let active = overview.active_rentals;
    const after = { shared: 5, private: 1, temporary: 0 };
    const api = stubApi({
      'GET /ops/overview': () => ({ data: { ...overview, active_rentals: active } }),
      'POST /ops/overview/active-rentals/recount': () => {
        active = after;
        return { data: { before: overview.active_rentals, after } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OverviewPage />);
    await user.click(await screen.findByRole('button', { name: 'Recount active rentals' }));
    expect(await screen.findByText('Active rentals recounted: Shared 5, Private 1, Temporary 0.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/overview/active-rentals/recount')).toHaveLength(1);
    expect(await screen.findByText('Shared 5 · Private 1 · Temporary 0')).toBeInTheDocument();
  });

  it('says when the figures could not be loaded and retries', async () => {
    stubApi({ 'GET /ops/overview': () => new Response('{"message":"Internal Server Error"}', { status: 500 }) });
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('Could not load. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
