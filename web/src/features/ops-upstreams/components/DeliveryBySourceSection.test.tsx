import type { SourceDeliveryRow } from '@numbernest/contracts/ops';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { DeliveryBySourceSection } from './DeliveryBySourceSection';

const row = (change: Partial<SourceDeliveryRow>): SourceDeliveryRow => ({
  source: 'own',
  kind: 'own',
  name: 'own',
  purchases: 240,
  codes: 221,
  reported: 3,
  rate: 221 / 240,
  median_ms_to_code: 12_400,
  margin: 0.35,
  ...change,
});

const rows = [
  row({
    source: 'upstream:0m1abcdef0123456789abcdef',
    kind: 'upstream',
    name: 'HeroSMS',
    purchases: 12,
    codes: 9,
    reported: 0,
    rate: null,
    median_ms_to_code: 48_000,
    margin: -0.02,
  }),
  row({}),
  row({
    source: 'agent:0m1abcdef0123456789abcde0',
    kind: 'agent',
    name: 'Kuala Lumpur bank',
    purchases: 75,
    codes: 60,
    reported: 1,
    rate: 0.8,
    median_ms_to_code: 850,
    margin: 0.12,
  }),
];

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('DeliveryBySourceSection', () => {
  it('lists each source by purchases with its kind, codes, rate (a dash with a hint below 20), median time to code, average margin and reports', async () => {
    stubApi({ 'GET /ops/delivery-by-source': () => ({ data: rows, min_purchases_for_rate: 20 }) });
    renderWithProviders(<DeliveryBySourceSection />);
    const [own, agent, upstream] = await screen.findAllByTestId('ops-delivery-row');
    expect(within(own!).getByText('Our numbers')).toBeInTheDocument();
    expect(within(own!).getByText('240')).toBeInTheDocument();
    expect(within(own!).getByText('221')).toBeInTheDocument();
    expect(within(own!).getByText('92%')).toBeInTheDocument();
    expect(within(own!).getByText('12.4 sec')).toBeInTheDocument();
    expect(within(own!).getByText('$0.35')).toBeInTheDocument();
    expect(within(own!).getByText('3')).toBeInTheDocument();

    expect(within(agent!).getByText('Kuala Lumpur bank')).toBeInTheDocument();
    expect(within(agent!).getByText("Partner's SIM bank")).toBeInTheDocument();
    expect(within(agent!).getByText('80%')).toBeInTheDocument();
    expect(within(agent!).getByText('850 ms')).toBeInTheDocument();

    expect(within(upstream!).getByText('HeroSMS')).toBeInTheDocument();
    expect(within(upstream!).getByText('Upstream')).toBeInTheDocument();
    expect(within(upstream!).getByTitle('Too few purchases to tell: shown from 20')).toHaveTextContent('—');
    expect(within(upstream!).getByText('-$0.02')).toBeInTheDocument();
    expect(screen.getByText(/A delivery rate shows from 20 purchases/)).toBeInTheDocument();
  });

  it('says so when nothing was bought in 30 days', async () => {
    stubApi({ 'GET /ops/delivery-by-source': () => ({ data: [], min_purchases_for_rate: 20 }) });
    renderWithProviders(<DeliveryBySourceSection />);
    expect(await screen.findByText('No purchases in the last 30 days')).toBeInTheDocument();
  });

  it('speaks Russian, money and times in its form', async () => {
    await i18n.changeLanguage('ru');
    stubApi({ 'GET /ops/delivery-by-source': () => ({ data: rows, min_purchases_for_rate: 20 }) });
    renderWithProviders(<DeliveryBySourceSection />);
    const [own] = await screen.findAllByTestId('ops-delivery-row');
    expect(screen.getByRole('heading', { name: 'Доставка по источникам' })).toBeInTheDocument();
    expect(within(own!).getByText('Наши номера')).toBeInTheDocument();
    expect(within(own!).getByText('12,4 с')).toBeInTheDocument();
  });
});
