import i18n, { type TFunction } from '@/lib/i18n';
import { describe, expect, it } from 'vitest';
import { transaction } from '@/features/wallet/test-fixtures';
import { describeTransaction } from '@/lib/describe-transaction';

const en = i18n.getFixedT('en', 'wallet') as TFunction<'wallet'>;
const ru = i18n.getFixedT('ru', 'wallet') as TFunction<'wallet'>;
const entry = (kind: 'purchase' | 'refund' | 'extension' | 'sms-out', key: string, params: Record<string, string>) =>
  transaction(1, { kind, amount: -1, description: { key, params } });

describe('describeTransaction: card money taken back', () => {
  const reversal = (kind: 'chargeback' | 'card-refund' | 'chargeback-reversal', key: string) =>
    transaction(1, { kind, amount: kind === 'chargeback-reversal' ? 25 : -25, description: { key, params: { amount: '25.00', provider: 'stripe' } } });
  it('names each in both languages', () => {
    expect(describeTransaction(en, reversal('chargeback', 'chargeback'))).toBe("Top-up via Stripe disputed by the card's bank");
    expect(describeTransaction(en, reversal('card-refund', 'cardRefund'))).toBe('Top-up via Stripe refunded to the card');
    expect(describeTransaction(en, reversal('chargeback-reversal', 'chargebackReversal'))).toBe('Dispute closed: top-up via Stripe returned');
    expect(describeTransaction(ru, reversal('chargeback', 'chargeback'))).toBe('Пополнение через Stripe оспорено банком карты');
    expect(describeTransaction(ru, reversal('card-refund', 'cardRefund'))).toBe('Пополнение через Stripe возвращено на карту');
    expect(en('kinds.chargeback')).toBe('Card dispute');
    expect(ru('kinds.chargeback-reversal')).toBe('Спор закрыт');
  });
});

describe('describeTransaction: rentals with and without a service', () => {
  it('names the service of a Shared or Temporary rental', () => {
    expect(describeTransaction(en, entry('purchase', 'purchase', { number: '+447700900123', service: 'WhatsApp' }))).toBe('Rented +447700900123 for WhatsApp');
    expect(describeTransaction(en, entry('refund', 'refund', { number: '+447700900123', service: 'WhatsApp' }))).toBe('Refund for +447700900123 (WhatsApp)');
    expect(describeTransaction(ru, entry('extension', 'extension', { number: '+447700900123', service: 'WhatsApp' }))).toBe(
      'Продление номера +447700900123 для WhatsApp',
    );
  });

  it('a Private rental (no service) reads as a private number, never "for " and nothing', () => {
    expect(describeTransaction(en, entry('purchase', 'purchase', { number: '+447700900123' }))).toBe('Rented private number +447700900123');
    expect(describeTransaction(en, entry('refund', 'refund', { number: '+447700900123' }))).toBe('Refund for private number +447700900123');
    expect(describeTransaction(en, entry('extension', 'extension', { number: '+447700900123', service: '' }))).toBe('Extended private number +447700900123');
    expect(describeTransaction(ru, entry('purchase', 'purchase', { number: '+447700900123' }))).toBe('Аренда личного номера +447700900123');
    expect(describeTransaction(ru, entry('refund', 'refund', { number: '+447700900123' }))).toBe('Возврат за личный номер +447700900123');
  });

  it('Start Chat: the SMS sent, and the refund of one that was not', () => {
    expect(describeTransaction(en, entry('sms-out', 'smsOut', { number: '+447700900123', to: '+14155550100' }))).toBe('SMS from +447700900123 to +14155550100');
    expect(describeTransaction(en, entry('refund', 'smsRefund', { number: '+447700900123', to: '+15005550001' }))).toBe(
      'Refund: SMS from +447700900123 to +15005550001 was not sent',
    );
    expect(describeTransaction(ru, entry('sms-out', 'smsOut', { number: '+447700900123', to: '+14155550100' }))).toBe(
      'SMS с номера +447700900123 на +14155550100',
    );
  });
});
