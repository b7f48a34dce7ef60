import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceSummary } from '@numbernest/contracts';
import i18n from '@/lib/i18n';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import ServicePage from './ServicePage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const summary: PriceSummary = { shared_from_per_day: 0.05, private_from_per_day: 0.4, temporary_from: 0.12 };

/** The card of a number type, found by its heading. */
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('ServicePage', () => {
  it('shows the live "from" price of each type with its unit', async () => {
    stubApi({ 'GET /price-summary': () => ({ data: summary }) });
    renderWithProviders(<ServicePage />);
    expect(await within(card('Shared')).findByText('$0.05')).toBeInTheDocument();
    expect(card('Shared')).toHaveTextContent('from $0.05 per day');
    expect(card('Private')).toHaveTextContent('from $0.40 per day');
    expect(card('Temporary')).toHaveTextContent('from $0.12 per activation');
  });

  it('says it in Russian too', async () => {
    stubApi({ 'GET /price-summary': () => ({ data: summary }) });
    await i18n.changeLanguage('ru');
    renderWithProviders(<ServicePage />);
    expect(await within(card('Общий')).findByText(/^0,05\s\$$/)).toBeInTheDocument();
    expect(card('Временный')).toHaveTextContent('от 0,12 $ за активацию');
  });

  it('holds the place with a skeleton while the prices load', async () => {
    let answer: (response: Response) => void = () => {};
    // A reply that waits until the test sends it (stubApi answers at once).
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<ServicePage />);
    expect(within(card('Shared')).getByRole('status', { name: 'Loading the price' })).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
    answer(Response.json({ data: summary }));
    expect(await within(card('Private')).findByText('$0.40')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hides the price line when the prices cannot be loaded, and keeps the page', async () => {
    const api = stubApi({ 'GET /price-summary': () => new Response('{"message":"Service Unavailable"}', { status: 503 }) });
    renderWithProviders(<ServicePage />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByText('from')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Virtual numbers for every kind of sign-up');
  });

  it('hides only the type that has no offer', async () => {
    stubApi({ 'GET /price-summary': () => ({ data: { ...summary, private_from_per_day: null } }) });
    renderWithProviders(<ServicePage />);
    expect(await within(card('Shared')).findByText('$0.05')).toBeInTheDocument();
    expect(card('Private')).not.toHaveTextContent('$');
    expect(card('Temporary')).toHaveTextContent('$0.12');
  });
});
