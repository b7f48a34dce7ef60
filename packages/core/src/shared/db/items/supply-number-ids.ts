/** Supply's counter of imported numbers' ids, apart from its other items: only an import reads it. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** The last number id an import took (one atomic addition takes a whole range). No index, no TTL. */
export const numberIdCounterItem = defineItem({
  name: 'number id counter',
  owner: 'supply',
  key: (_: object) => ({ pk: 'NUMBER_COUNTER', sk: 'COUNTER' }),
  schema: z.object({ last: z.int() }),
});
