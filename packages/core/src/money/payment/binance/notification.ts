import { fieldProblem } from '@numbernest/contracts';
import { SignatureError, ValidationError } from '../../../shared/errors';
import { parseAmountText } from '../money-text';
import type { NotificationRequest, PaymentEvent } from '../provider';
import { secret } from '../../../shared/settings';
import { verifyBinanceSignature } from './certificates';
import { taggedMerchant } from './signing';

/** Binance Pay's order notification: `data` is itself a JSON string. */
interface OrderNotification {
  bizType?: unknown;
  /** The prepay id; `bizId` holds it as a number too large for JS, hence the string. */
  bizIdStr?: unknown;
  bizStatus?: unknown;
  data?: unknown;
}

interface OrderData {
  merchantTradeNo?: unknown;
  totalFee?: unknown;
  currency?: unknown;
  transactionId?: unknown;
  passThroughInfo?: unknown;
}

function parseObject<T>(text: unknown, label: string): T {
  try {
    const value: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
    if (value && typeof value === 'object') return value as T;
  } catch {
    // Falls through to the one error below.
  }
  throw new ValidationError(`Binance Pay notification: ${label} is not a JSON object`, { [label]: [fieldProblem('INVALID_FORMAT')] });
}

function text(value: unknown, label: string): string {
  if (typeof value === 'string' && value) return value;
  throw new ValidationError(`Binance Pay notification: ${label} is missing`, { [label]: [fieldProblem('REQUIRED')] });
}

/**
 * `totalFee` is a JSON number such as 25.00000000. JS's shortest rendering of the parsed number
 * gives back its decimal digits (trailing zeros dropped), which are then parsed to cents exactly.
 */
function amountText(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  throw new ValidationError('Binance Pay notification: totalFee is missing', { totalFee: [fieldProblem('REQUIRED')] });
}

/** Verifies an order notification (Binance's signature, then our merchant tag) and turns it into one event. */
export async function parseBinanceNotification(request: NotificationRequest): Promise<PaymentEvent> {
  await verifyBinanceSignature(request);
  const notification = parseObject<OrderNotification>(request.body, 'body');
  if (notification.bizType !== 'PAY') return { kind: 'ignored', reason: `Binance Pay bizType ${String(notification.bizType)}` };
  const data = parseObject<OrderData>(notification.data, 'data');
  const topUpId = text(data.merchantTradeNo, 'merchantTradeNo');
  const merchant = taggedMerchant(data.passThroughInfo, topUpId, secret('BinancePaySecretKey'));
  if (merchant === undefined) throw new SignatureError(`Binance Pay order ${topUpId} was not made with this merchant's key`);
  const prepayId = text(notification.bizIdStr, 'bizIdStr');
  switch (notification.bizStatus) {
    case 'PAY_SUCCESS':
      return {
        kind: 'paid',
        topUpId,
        amountCents: parseAmountText(amountText(data.totalFee), 'totalFee'),
        currency: text(data.currency, 'currency'),
        merchant,
        providerRef: typeof data.transactionId === 'string' && data.transactionId ? data.transactionId : prepayId,
      };
    case 'PAY_CLOSED':
      return { kind: 'failed', topUpId, providerRef: prepayId };
    default:
      return { kind: 'ignored', topUpId, reason: `Binance Pay bizStatus ${String(notification.bizStatus)}` };
  }
}
