/** A number's fixed facts by its public id, apart from the number item: few read it, and not with the picker. */
import { NumberType } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** A number's fixed facts by its public id (the purchase hand-off carries only mobile_number_id): names its live item's partition. */
export const numberFactsItem = defineItem({
  name: 'catalogue number facts by id',
  owner: 'catalogue',
  key: ({ numberId }: { numberId: number }) => ({ pk: `NUMBER_ID#${numberId}`, sk: 'NUMBER' }),
  schema: z.object({
    numberId: z.int(),
    countryId: z.int(),
    typeId: z.literal([NumberType.Shared, NumberType.Private, NumberType.Temporary]),
    e164: z.string(),
  }),
});
