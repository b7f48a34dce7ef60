import { upperHexDigest } from '../form';

/**
 * Payeer merchant signatures, shared by the adapter and the local sandbox: upper-case SHA-256 of
 * the fields joined by ':' with the shop's secret key last.
 */

/** The fields of the checkout link, in signing order. */
export const payeerCheckoutFields = ['m_shop', 'm_orderid', 'm_amount', 'm_curr', 'm_desc'] as const;
export type PayeerCheckoutFields = Record<(typeof payeerCheckoutFields)[number], string>;

/** The fields of the status call, in signing order (`m_params`, when sent, goes just before the key). */
export const payeerStatusFields = [
  'm_operation_id',
  'm_operation_ps',
  'm_operation_date',
  'm_operation_pay_date',
  'm_shop',
  'm_orderid',
  'm_amount',
  'm_curr',
  'm_desc',
  'm_status',
] as const;
export type PayeerStatusFields = Record<(typeof payeerStatusFields)[number], string> & { m_params?: string };

export const payeerCheckoutSign = (fields: PayeerCheckoutFields, secretKey: string): string =>
  upperHexDigest('sha256', [...payeerCheckoutFields.map((name) => fields[name]), secretKey].join(':'));

export function payeerStatusSign(fields: PayeerStatusFields, secretKey: string): string {
  const signed = payeerStatusFields.map((name) => fields[name]);
  if (fields.m_params !== undefined) signed.push(fields.m_params);
  return upperHexDigest('sha256', [...signed, secretKey].join(':'));
}

/** The payment description Payeer shows the payer; it travels base64-encoded as `m_desc`. */
export const payeerDescription = (topUpId: string): string => Buffer.from(`NumberNest balance top-up ${topUpId}`, 'utf8').toString('base64');
