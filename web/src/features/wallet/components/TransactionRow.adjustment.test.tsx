import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n, { type TFunction } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { transaction } from '@/features/wallet/test-fixtures';
import { describeTransaction } from '@/lib/describe-transaction';
import { TransactionRow } from './TransactionRow';

const adjustment = (params: Record<string, string>) => transaction(7, { kind: 'adjustment', amount: 5, description: { key: 'adjustment', params } });

describe('an adjustment in the customer’s transactions', () => {
  it('the row reads as the operator’s text for the customer, in each language', () => {
    const entry = adjustment({ text: 'Compensation for a failed number' });
    renderWithProviders(
      <table>
        <tbody>
          <TransactionRow transaction={entry} />
        </tbody>
      </table>,
    );
    const row = screen.getByTestId('transaction-row');
    expect(row).toHaveTextContent('Balance adjustment: Compensation for a failed number');
    expect(row).not.toHaveTextContent('{{');
    expect(describeTransaction(i18n.getFixedT('ru', 'wallet') as TFunction<'wallet'>, entry)).toBe('Корректировка баланса: Compensation for a failed number');
    expect(describeTransaction(i18n.getFixedT('ms', 'wallet') as TFunction<'wallet'>, entry)).toBe('Pelarasan baki: Compensation for a failed number');
  });

  it('an entry from before the text for the customer reads as its reason', () => {
    const en = i18n.getFixedT('en', 'wallet') as TFunction<'wallet'>;
    expect(describeTransaction(en, adjustment({ reason: 'Goodwill' }))).toBe('Balance adjustment: Goodwill');
  });
});
