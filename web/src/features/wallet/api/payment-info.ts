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
  /** Where the person goes once the top-up is paid (Payment, to finish a purchase); absent: they stay on the result page. */
  returnTo?: string;
}

/** The pages a top-up may lead back to on its own: Payment and the dashboard's pages (never another site). */
export const isReturnPath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && (path === '/payment' || /^\/dashboard(\/[\w/-]*)?$/.test(path));

type BuyNumberState = Record<string, unknown>;

function readState(): BuyNumberState {
  const value = readJson<unknown>(storageKeys.buyNumber);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as BuyNumberState) : {};
}

/** Setting the transaction id and payment method persists them. */
export function savePaymentInfo(info: PaymentInfo): void {
  const { returnTo: _previous, ...state } = readState();
  writeJson(storageKeys.buyNumber, {
    ...state,
    transactionId: info.transactionId,
    paymentMethod: info.paymentMethod,
    ...(isReturnPath(info.returnTo) && { returnTo: info.returnTo }),
  });
}

export function readPaymentInfo(): Partial<PaymentInfo> {
  const state = readState();
  const transactionId = typeof state.transactionId === 'string' && state.transactionId ? state.transactionId : undefined;
  const provider = paymentProviderSchema.safeParse(state.paymentMethod);
  return {
    transactionId,
    paymentMethod: provider.success ? provider.data : undefined,
    returnTo: isReturnPath(state.returnTo as string) ? (state.returnTo as string) : undefined,
  };
}

/** A payment-info removal clears both; the rest of the buy-number state stays. */
export function clearPaymentInfo(): void {
  const state = readState();
  if (!('transactionId' in state) && !('paymentMethod' in state) && !('returnTo' in state)) return;
  const { transactionId: _id, paymentMethod: _method, returnTo: _return, ...rest } = state;
  if (Object.keys(rest).length) writeJson(storageKeys.buyNumber, rest);
  else localStorage.removeItem(storageKeys.buyNumber);
}
