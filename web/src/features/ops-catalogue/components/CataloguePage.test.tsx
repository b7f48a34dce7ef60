import type { OpsCatalogueReply, OpsOffer } from '@numbernest/contracts/ops';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import CataloguePage from './CataloguePage';

const slowMachineMs = 20_000;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const catalogue: OpsCatalogueReply = {
  data: {
    countries: [
      { id: 2, name: 'United Kingdom', iso: 'gb', dial_code: '44', enabled: true, offers: 1, private_offer: true },
      { id: 9, name: 'Spain', iso: 'es', dial_code: '34', enabled: false, offers: 0, private_offer: false },
    ],
    services: [
      { id: 1, name: 'Telegram', slug: 'telegram', code: 'tg', patterns: { from: '^Telegram$', body: '\\bTelegram\\b' } },
      { id: 2, name: 'WhatsApp', slug: 'whatsapp', code: 'wa', patterns: null },
    ],
    private_offers: [{ country_id: 2, price_per_day: 0.74, discount_1: 0.25, discount_2: 1.05, discount_3: 4.45 }],
    cache_seconds: 60,
  },
};
const telegram: OpsOffer = {
  country_id: 2,
  service_id: 1,
  name: 'Telegram',
  price_per_day: 0.25,
  discount_1: 0.1,
  discount_2: 0.35,
  discount_3: 1.5,
  temporary_price: 0.52,
};

const stub = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /ops/catalogue': () => catalogue,
    'GET /ops/countries/2/offers': () => ({ data: [telegram], cache_seconds: 60 }),
    ...extra,
  });

describe('CataloguePage', { timeout: slowMachineMs }, () => {
  it('edits an offer in place and saves the row, stating when the public catalogue shows it', async () => {
    const api = stub({ 'PUT /ops/offers/2/1': (body) => ({ data: { ...telegram, ...(body as object) }, cache_seconds: 60 }) });
    const user = userEvent.setup();
    renderWithProviders(<CataloguePage />);
    const grid = await screen.findByTestId('offers-grid');
    const price = await within(grid).findByRole('textbox', { name: 'Telegram: Per day, $' });
    expect(price).toHaveValue('0.25');
    expect(within(grid).getByText('not offered here')).toBeInTheDocument(); // WhatsApp: a row to add it
    expect(screen.getAllByText(/public catalogue within 60 s/).length).toBeGreaterThan(0);
    await user.clear(price);
    await user.type(price, '0.3');
    await user.clear(within(grid).getByRole('textbox', { name: 'Telegram: Temporary, $' }));
    const row = price.closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requestsTo('PUT /ops/offers/2/1')[0]!.body).toEqual({
        price_per_day: 0.3,
        discount_1: 0.1,
        discount_2: 0.35,
        discount_3: 1.5,
        temporary_price: null,
      }),
    );
    expect(await within(row).findByText('Saved. Public within 60 s.')).toBeInTheDocument();
  });

  it('shows a refused row with its field problems', async () => {
    stub({
      'PUT /ops/offers/2/1': () =>
        json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: { discount_1: ['At most the 1 Week price less a cent ($1.74).'] },
            fields: { discount_1: [{ code: 'TOO_BIG', params: { count: 1.74 } }] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<CataloguePage />);
    const price = await screen.findByRole('textbox', { name: 'Telegram: Per day, $' });
    await user.click(within(price.closest('tr')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('discount_1: Must be less than or equal to 1.74.')).toBeInTheDocument();
  });

  it('previews a bulk change old -> new, then applies it', async () => {
    const change = { before: telegram, after: { ...telegram, price_per_day: 0.28, temporary_price: 0.57 } };
    const api = stub({
      'POST /ops/offers/bulk': (body) => ({ data: { applied: !(body as { preview: boolean }).preview, changes: [change] }, cache_seconds: 60 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CataloguePage />);
    await user.type(await screen.findByLabelText('Percent (−10 = 10% cheaper)'), '10');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('bulk-preview');
    expect(within(preview).getByText('$0.25 · $0.52')).toBeInTheDocument();
    expect(within(preview).getByText('$0.28 · $0.57')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply to 1 offers' }));
    expect(await screen.findByText('Offers changed: 1. Public within 60 s.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/offers/bulk').map((r) => r.body)).toEqual([
      { country_id: 2, percent: 10, preview: true },
      { country_id: 2, percent: 10, preview: false },
    ]);
  });

  it('disables a country, and reads in Russian', async () => {
    const api = stub({ 'PATCH /ops/countries/2': () => ({ data: { ...catalogue.data.countries[0], enabled: false }, cache_seconds: 60 }) });
    await i18n.changeLanguage('ru');
    const user = userEvent.setup();
    renderWithProviders(<CataloguePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Каталог и цены' })).toBeInTheDocument();
    const countries = await screen.findByTestId('countries-table');
    await user.click(within(countries).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(api.requestsTo('PATCH /ops/countries/2')[0]!.body).toEqual({ enabled: false }));
  });
});
