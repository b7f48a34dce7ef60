/** A number's fixed facts by its public id, apart from the number item (whose fields they are): few read them, and not with the picker. */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { numberItem } from './catalogue-numbers';

// The number item's own fields (a purchase reads both items): each schema built once.
const { numberId, countryId, typeId, e164, source } = numberItem.schema.shape;
/** `source`: the upstream hosting it; absent on facts from before sources: Twilio. */
export const factsSchema = z.object({ numberId, countryId, typeId, e164, source });

/** A number's fixed facts by its public id (the purchase hand-off carries only mobile_number_id): names its live item's partition. */
export const numberFactsItem = defineItem({
  name: 'catalogue number facts by id',
  owner: 'catalogue',
  key: ({ numberId }: { numberId: number }) => ({ pk: `NUMBER_ID#${numberId}`, sk: 'NUMBER' }),
  schema: factsSchema,
});
