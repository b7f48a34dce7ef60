/** A number's fixed facts (by public id and by E.164), apart from the number item: few read them, and not with the picker. */
import { NumberType } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';

const factsSchema = z.object({
  numberId: z.int(),
  countryId: z.int(),
  typeId: z.literal([NumberType.Shared, NumberType.Private, NumberType.Temporary]),
  e164: z.string(),
  /** The upstream hosting it; absent on facts from before sources: Twilio. */
  source: z.optional(
    z.union([z.object({ provider: z.literal('twilio') }), z.object({ provider: z.literal('gateway'), deviceId: z.string(), simNumber: z.int() })]),
  ),
});

/** A number's fixed facts by its public id (the purchase hand-off carries only mobile_number_id): names its live item's partition. */
export const numberFactsItem = defineItem({
  name: 'catalogue number facts by id',
  owner: 'catalogue',
  key: ({ numberId }: { numberId: number }) => ({ pk: `NUMBER_ID#${numberId}`, sk: 'NUMBER' }),
  schema: factsSchema,
});

/** A number's fixed facts by its E.164 (imports, registered phones and inbound SMS find a number by it): makes an E.164 ours once. */
export const numberByPhoneItem = defineItem({
  name: 'catalogue number facts by E.164',
  owner: 'catalogue',
  key: ({ e164 }: { e164: string }) => ({ pk: `PHONE#${e164}`, sk: 'NUMBER' }),
  schema: factsSchema,
});
