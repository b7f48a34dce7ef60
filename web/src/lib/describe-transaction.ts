import { paymentProviders, type PaymentProvider, type Transaction } from '@numbernest/contracts';
import type { TFunction } from '@/lib/i18n';

const isProvider = (value: string | undefined): value is PaymentProvider => paymentProviders.includes(value as PaymentProvider);

/** Descriptions that name a rental's service, which a Private rental (all services) has none of. */
const withService = new Set(['purchase', 'refund', 'extension']);

/**
 * The server describes an entry by a key and its values (`topUp` + provider, `transferOut` + email…);
 * the words are the interface language's. A key the web does not know yet reads as the kind. A
 * rental's entry without a service (Private) reads through the `noService` context
 * (`purchase_noService`: "Rented private number …"), never as "for " and nothing.
 */
export function describeTransaction(t: TFunction<'wallet'>, transaction: Transaction): string {
  const kind = t(`kinds.${transaction.kind}`, { defaultValue: transaction.kind });
  const { key, params } = transaction.description;
  if (!/^\w+$/.test(key)) return kind;
  const provider = isProvider(params.provider) ? t(`providers.${params.provider}.name`) : (params.provider ?? '');
  const context = withService.has(key) && !params.service ? 'noService' : undefined;
  // An adjustment's words are the operator's text for the customer (an older entry's: its reason).
  const text = params.text ?? params.reason ?? '';
  return t(`descriptions.${key}`, { email: '', number: '', service: '', to: '', ...params, text, provider, context, defaultValue: kind });
}
