/**
 * The catalogue's number items (written by the catalogue, supply's inventory and rentals' locks), apart
 * from its other items: the picker and the purchase read them on hot paths.
 */
import { NumberType } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * A number's live item in its (country, type) partition: status, source, retirement, the rentals
 * holding it, SMS counts and, per service, `heldUntil_<service>` (outside the schema: named at run
 * time). In the operators' list (numberInventory) always; in the picker's list (numberPicker) while offered.
 */
export const numberItem = defineItem({
  name: 'catalogue number',
  owner: 'catalogue',
  key: ({ countryId, typeId, numberId }: { countryId: number; typeId: number; numberId: number }) => ({
    pk: `NUMBERS#${countryId}#${typeId}`,
    sk: `NUMBER#${String(numberId).padStart(6, '0')}`,
  }),
  indexes: {
    numberPicker: (item) => (item.pickerList === undefined ? undefined : { pickerList: item.pickerList, e164: item.e164 }),
    numberInventory: (item) =>
      item.inventoryList === undefined || item.inventoryKey === undefined ? undefined : { inventoryList: item.inventoryList, inventoryKey: item.inventoryKey },
  },
  schema: z.object({
    numberId: z.int(),
    countryId: z.int(),
    typeId: z.literal([NumberType.Shared, NumberType.Private, NumberType.Temporary]),
    e164: z.string(),
    status: z.enum(['available', 'rented']),
    availableAt: z.optional(z.string()),
    source: z.optional(
      z.union([
        z.object({ provider: z.literal('twilio') }),
        z.object({ provider: z.literal('gateway'), deviceId: z.string(), simNumber: z.int() }),
        z.object({ provider: z.literal('agent'), agentId: z.string() }),
        z.object({ provider: z.literal('upstream'), upstreamId: z.string() }),
      ]),
    ),
    retiredAt: z.optional(z.string()),
    retiredReason: z.optional(z.string()),
    // A string set as DynamoDB gives it (z.set would cost the picker's Lambdas half a KB).
    activeRentals: z.optional(z.custom<Set<string>>((value) => value instanceof Set)),
    smsCount: z.optional(z.int()),
    lastSmsAt: z.optional(z.string()),
    pickerList: z.optional(z.string()),
    inventoryList: z.optional(z.string()),
    inventoryKey: z.optional(z.string()),
    createdAt: z.optional(z.string()),
  }),
});

/** A number on offer as the picker counts it: its E.164 and the `heldUntil_<service>` attributes read with it. */
export const numberOnOfferItem = defineItem({
  name: 'catalogue number on offer (counted)',
  owner: 'catalogue',
  key: numberItem.key,
  // Read only (on the picker's list), never written: the number item is.
  indexes: { numberPicker: () => undefined },
  // Its filter's fields: never read back.
  schema: z.looseObject({ e164: z.string(), retiredAt: z.optional(z.string()), availableAt: z.optional(z.string()) }),
});

/** A number item as read (its `heldUntil_` attributes left out). */
export type StoredNumber = z.infer<typeof numberItem.schema>;
