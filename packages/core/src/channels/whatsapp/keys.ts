import type * as z from 'zod/mini';
import { whatsappCodeItem, whatsappInboundItem, whatsappNumberItem, whatsappOwnerItem } from '../../shared/db/items/channels';

/**
 * WhatsApp's keys (docs/access-patterns.md): the account's verified number and its pending code in
 * the user's partition, one pointer per number naming its account (inbound messages name only the
 * sender's number), and one record per inbound message id (Meta redelivers until it gets a 200).
 */
export const whatsappKeys = {
  number: (sub: string) => whatsappNumberItem.key({ sub }),
  code: (sub: string) => whatsappCodeItem.key({ sub }),
  owner: (digits: string) => whatsappOwnerItem.key({ digits }),
  inbound: (messageId: string) => whatsappInboundItem.key({ messageId }),
};

/** A number's digits, as WhatsApp names a user (`wa_id`, `to`): E.164 without the plus. */
export const digitsOf = (e164: string) => e164.replace(/\D/g, '');

/** The items: shared/db/items/channels.ts. */
export type WhatsAppNumberItem = z.infer<typeof whatsappNumberItem.schema>;
export type WhatsAppCodeItem = z.infer<typeof whatsappCodeItem.schema>;
export type WhatsAppOwnerItem = z.infer<typeof whatsappOwnerItem.schema>;
