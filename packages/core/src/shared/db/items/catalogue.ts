/** The catalogue's countries, offers and price summary (written only by packages/core/src/catalogue). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

const pad3 = (n: number) => String(n).padStart(3, '0');

/** When and by whom an operator last changed an item (the seed leaves such an item as it is). */
const edited = { editedAt: z.optional(z.string()), editedBy: z.optional(z.string()) };
// Checked by hand: zod's tuple and readonly would cost every Lambda that reads the catalogue 2 KB.
const discounts = z.custom<readonly [number, number, number]>((value) => Array.isArray(value) && value.length === 3 && value.every(Number.isInteger));
const tariff = { pricePerDayCents: z.int(), discountsCents: discounts };

/** A rent period of Private numbers (days). All share one small partition. */
export const rentTimeItem = defineItem({
  name: 'catalogue rent time',
  owner: 'catalogue',
  key: ({ id }: { id: number }) => ({ pk: 'RENT_TIMES', sk: `RENT_TIME#${id}` }),
  schema: z.object({ id: z.int(), name: z.string(), days: z.int() }),
});

/** A country; `disabled` by an operator: out of every public list. All share one small partition. */
export const countryItem = defineItem({
  name: 'catalogue country',
  owner: 'catalogue',
  key: ({ id }: { id: number }) => ({ pk: 'COUNTRIES', sk: `COUNTRY#${pad3(id)}` }),
  schema: z.object({ id: z.int(), name: z.string(), iso: z.string(), dialCode: z.string(), disabled: z.optional(z.boolean()), ...edited }),
});

/** A service as offered in one country (its name and slug repeated, so a country's list is one Query). */
export const serviceOfferItem = defineItem({
  name: 'catalogue service offer',
  owner: 'catalogue',
  key: ({ countryId, serviceId }: { countryId: number; serviceId: number }) => ({ pk: `COUNTRY#${countryId}`, sk: `SERVICE#${pad3(serviceId)}` }),
  schema: z.object({
    countryId: z.int(),
    serviceId: z.int(),
    name: z.string(),
    slug: z.string(),
    ...tariff,
    temporaryPriceCents: z.optional(z.int()),
    ...edited,
  }),
});

/** The sort key prefix of a country's service offers. */
export const serviceOfferPrefix = 'SERVICE#';

/** A country's Private prices. All share one small partition. */
export const privateOfferItem = defineItem({
  name: 'catalogue private offer',
  owner: 'catalogue',
  key: ({ countryId }: { countryId: number }) => ({ pk: 'PRIVATE_OFFERS', sk: `COUNTRY#${pad3(countryId)}` }),
  schema: z.object({ countryId: z.int(), ...tariff, ...edited }),
});
