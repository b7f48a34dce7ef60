import { upperHexDigest } from '../form';

/**
 * Perfect Money SCI's V2_HASH, shared by the adapter (to verify) and the local sandbox (to sign):
 * upper-case MD5 of `PAYMENT_ID:PAYEE_ACCOUNT:PAYMENT_AMOUNT:PAYMENT_UNITS:PAYMENT_BATCH_NUM:
 * PAYER_ACCOUNT:<upper-case MD5 of the alternate passphrase>:TIMESTAMPGMT`.
 */
export const perfectMoneyStatusFields = [
  'PAYEE_ACCOUNT',
  'PAYMENT_ID',
  'PAYMENT_AMOUNT',
  'PAYMENT_UNITS',
  'PAYMENT_BATCH_NUM',
  'PAYER_ACCOUNT',
  'TIMESTAMPGMT',
] as const;

export type PerfectMoneyStatusFields = Record<(typeof perfectMoneyStatusFields)[number], string>;

export function perfectMoneyV2Hash(fields: PerfectMoneyStatusFields, alternatePassphrase: string): string {
  const signed = [
    fields.PAYMENT_ID,
    fields.PAYEE_ACCOUNT,
    fields.PAYMENT_AMOUNT,
    fields.PAYMENT_UNITS,
    fields.PAYMENT_BATCH_NUM,
    fields.PAYER_ACCOUNT,
    upperHexDigest('md5', alternatePassphrase),
    fields.TIMESTAMPGMT,
  ];
  return upperHexDigest('md5', signed.join(':'));
}
