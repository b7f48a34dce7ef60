/** Supply's items (written only by packages/core/src/supply). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * A registered android-sms-gateway phone: its SIMs (slot and number), who registered it, when it
 * last called our webhook, and, once unregistered, when and by whom. All phones share one small
 * partition (a handful of items, listed whole). Kept: no TTL, no index.
 */
export const gatewayDeviceItem = defineItem({
  name: 'gateway phone',
  owner: 'supply',
  key: ({ id }: { id: string }) => ({ pk: 'GATEWAY_DEVICES', sk: `DEVICE#${id}` }),
  schema: z.object({
    id: z.string(),
    name: z.string(),
    sims: z.array(z.object({ slot: z.int(), e164: z.string() })),
    createdAt: z.string(),
    createdBy: z.string(),
    lastSeenAt: z.optional(z.string()),
    unregisteredAt: z.optional(z.string()),
    unregisteredBy: z.optional(z.string()),
  }),
});
