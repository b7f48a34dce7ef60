import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render-with-providers';
import ApiDocsPage from './ApiDocsPage';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ApiDocsPage', () => {
  it('documents the protocol in English: base URL, keys, actions with exact answers, codes, webhook', async () => {
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'API documentation' })).toBeInTheDocument();
    expect(screen.getAllByText(`${window.location.origin}/stubs/handler_api.php`).length).toBeGreaterThan(0);
    expect(screen.getByText(/Up to 20 requests per second per key/)).toBeInTheDocument();
    for (const action of [
      'getBalance',
      'getNumber',
      'getStatus',
      'setStatus',
      'getActiveActivations',
      'getPrices',
      'getCountries',
      'getServicesList',
      'getNumbersStatus',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: action })).toBeInTheDocument();
    }
    const setStatus = screen.getByRole('heading', { level: 3, name: 'setStatus' }).closest('article') as HTMLElement;
    expect(within(setStatus).getByText('8 → ACCESS_CANCEL')).toBeInTheDocument();
    expect(within(setStatus).getByText(/action=setStatus&id=123&status=8/)).toBeInTheDocument();
    expect(screen.getByText('ACCESS_BALANCE:12.50')).toBeInTheDocument();
    expect(screen.getAllByText('ERROR_RATE_LIMIT').length).toBeGreaterThan(0);
    const services = screen.getByRole('table', { name: 'Services' });
    expect(within(services).getByText('tg')).toBeInTheDocument();
    const countries = screen.getByRole('table', { name: 'Countries' });
    expect(within(countries).getByText('187')).toBeInTheDocument();
    expect(screen.getByText(/X-NumberNest-Signature: t=/)).toBeInTheDocument();
    expect(screen.getByText(/timingSafeEqual\(given, wanted\)/)).toBeInTheDocument();
    expect(screen.getByText(/hmac\.compare_digest/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage keys' })).toHaveAttribute('href', '/dashboard/account-settings');
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Документация API' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Коды ошибок' })).toBeInTheDocument();
    expect(screen.getByText(/До 20 запросов в секунду на ключ/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Страны' })).toHaveTextContent('США');
    expect(screen.getByRole('heading', { level: 3, name: 'getStatus' })).toBeInTheDocument();
  });
});
