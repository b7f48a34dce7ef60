import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authState } from '@/lib/auth-state';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { AccountHoldBanner } from './AccountHoldBanner';

const person = { id: 'u1', email: 'ada@example.com', email_verified_at: '2026-01-01T00:00:00.000Z', balance: -25 };

afterEach(async () => {
  authState.clear();
  await i18n.changeLanguage('en');
});

describe('AccountHoldBanner', () => {
  it('says nothing for an account that is not held (or a user stored before holds were kept)', () => {
    authState.signIn('t', person);
    renderWithProviders(<AccountHoldBanner />);
    expect(screen.queryByTestId('account-hold-banner')).toBeNull();
  });

  it('a disputed card payment: on hold since when, why, what stops, and that paying back does not lift it', () => {
    authState.signIn('t', { ...person, account_hold: { since: '2026-01-05T10:00:00.000Z', cause: 'chargeback' } });
    renderWithProviders(<AccountHoldBanner />);
    const banner = screen.getByRole('region', { name: 'Your account is on hold' });
    expect(banner).toHaveTextContent('Your account is on hold');
    expect(banner).toHaveTextContent('On January 5, 2026 your bank disputed a card payment');
    expect(banner).toHaveTextContent('you cannot buy or extend numbers, send SMS or transfer money. Top-ups still work.');
    expect(banner).toHaveTextContent('Paying back what you owe does not lift the hold by itself: an operator reviews the account and decides.');
  });

  it('a card refund that left money owed, in Russian', async () => {
    await i18n.changeLanguage('ru');
    authState.signIn('t', { ...person, account_hold: { since: '2026-01-05T10:00:00.000Z', cause: 'card-refund' } });
    renderWithProviders(<AccountHoldBanner />);
    expect(screen.getByTestId('account-hold-banner')).toHaveTextContent('пополнение картой было возвращено на карту');
  });

  it('goes as soon as the stored user is no longer held', () => {
    authState.signIn('t', { ...person, account_hold: { since: '2026-01-05T10:00:00.000Z', cause: 'chargeback' } });
    renderWithProviders(<AccountHoldBanner />);
    expect(screen.getByTestId('account-hold-banner')).toBeInTheDocument();
    act(() => authState.setUser({ ...person, account_hold: null }));
    expect(screen.queryByTestId('account-hold-banner')).toBeNull();
  });
});
