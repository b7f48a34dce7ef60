import { paymentProviderSchema, type PaymentProvider } from '@numbernest/contracts';
import { readJson, storageKeys, writeJson } from '@/lib/storage';

/**
 * The buy-number state also holds the `transaction id` and `paymentMethod` of the payment
 * under way. They live in the same localStorage record as the purchase handoff (`buyNumber`), next
 * to its fields, so the return page finds the top-up when the provider drops `?top_up=`.
 */
export interface PaymentInfo {
  transactionId: string;
  paymentMethod: PaymentProvider;
}

type BuyNumberState = Record<string, unknown>;

function readState(): BuyNumberState {
  const value = readJson<unknown>(storageKeys.buyNumber);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as BuyNumberState) : {};
}

/** Setting the transaction id and payment method persists them. */
export function savePaymentInfo(info: PaymentInfo): void {
  writeJson(storageKeys.buyNumber, { ...readState(), transactionId: info.transactionId, paymentMethod: info.paymentMethod });
}

export function readPaymentInfo(): Partial<PaymentInfo> {
  const state = readState();
  const transactionId = typeof state.transactionId === 'string' && state.transactionId ? state.transactionId : undefined;
  const provider = paymentProviderSchema.safeParse(state.paymentMethod);
  return { transactionId, paymentMethod: provider.success ? provider.data : undefined };
}

/** A payment-info removal clears both; the rest of the buy-number state stays. */
export function clearPaymentInfo(): void {
  const state = readState();
  if (!('transactionId' in state) && !('paymentMethod' in state)) return;
  const { transactionId: _id, paymentMethod: _method, ...rest } = state;
  if (Object.keys(rest).length) writeJson(storageKeys.buyNumber, rest);
  else localStorage.removeItem(storageKeys.buyNumber);
}
