/** A number's fixed facts by its E.164, apart from those by id: a purchase reads those, imports and inbound SMS these. */
import { defineItem } from '../item';
import { factsSchema } from './catalogue-number-facts';

/** A number's fixed facts by its E.164 (imports, registered phones and inbound SMS find a number by it): makes an E.164 ours once. */
export const numberByPhoneItem = defineItem({
  name: 'catalogue number facts by E.164',
  owner: 'catalogue',
  key: ({ e164 }: { e164: string }) => ({ pk: `PHONE#${e164}`, sk: 'NUMBER' }),
  schema: factsSchema,
});
