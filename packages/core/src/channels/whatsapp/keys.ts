import { userPartition } from '../../accounts';

/**
 * WhatsApp's keys (docs/access-patterns.md): the account's verified number and its pending code in
 * the user's partition, one pointer per number naming its account (inbound messages name only the
 * sender's number), and one record per inbound message id (Meta redelivers until it gets a 200).
 */
export const whatsappKeys = {
  number: (sub: string) => ({ pk: userPartition(sub), sk: 'WHATSAPP' }),
  code: (sub: string) => ({ pk: userPartition(sub), sk: 'WHATSAPP_CODE' }),
  owner: (digits: string) => ({ pk: `WHATSAPP#${digits}`, sk: 'USER' }),
  inbound: (messageId: string) => ({ pk: `WHATSAPP_IN#${messageId}`, sk: 'WHATSAPP_IN' }),
};

/** A number's digits, as WhatsApp names a user (`wa_id`, `to`): E.164 without the plus. */
export const digitsOf = (e164: string) => e164.replace(/\D/g, '');

export interface WhatsAppNumberItem {
  /** E.164. */
  number: string;
  verifiedAt: string;
}

export interface WhatsAppCodeItem {
  number: string;
  /** SHA-256 of the account, the number and the code: a table read does not show a usable code. */
  codeHash: string;
  codeExpiresAt: string;
  attempts: number;
  sentAt: string;
  /** TTL (epoch s), a day after the code expires: until then a late try is told "expired", not "no code". */
  expiresAt: number;
}

export interface WhatsAppOwnerItem {
  sub: string;
  linkedAt: string;
}
