/** The number item with its run-time-named marks (a file of its own: only the inventory's backfill reads it so). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { numberItem } from './catalogue-numbers';

/**
 * A number item read whole: its schema's fields and the `heldUntil_<service>` marks beside them,
 * which the schema cannot list (their names are made at run time). Read and changed, never created.
 */
export const numberWithMarksItem = defineItem({
  name: 'catalogue number with its held marks',
  owner: 'catalogue',
  key: numberItem.key,
  schema: z.looseObject(numberItem.schema.shape),
});
