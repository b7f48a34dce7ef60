import type * as z from 'zod/mini';
import { readIndex, updateItem, type Change, type IndexKeys, type ItemDefinition } from './item';

/** An item type of a due-work queue: retried while in one of its statuses, its key arguments among its fields. */
type DueItemType<Shape extends z.ZodMiniObject> = ItemDefinition<string, Shape, z.infer<Shape>> & {
  indexes: { dueByTime: (item: z.infer<Shape>) => IndexKeys['dueByTime'] | undefined };
};

/**
 * A retry job's sweep of one due-work queue: each item whose `dueAt` has come is leased (its
 * `dueAt` moves `leaseMs` on, conditioned on the `dueAt` read and on a status it may be retried
 * in) and handed to `requeue`. An item another run leased, or that was attempted meanwhile, is not
 * this run's: it is skipped.
 */
export async function requeueDue<Shape extends z.ZodMiniObject>(
  definition: DueItemType<Shape>,
  queue: string,
  now: number,
  { leaseMs, statuses, requeue }: { leaseMs: number; statuses: readonly string[]; requeue: (item: z.infer<Shape>) => Promise<unknown> },
): Promise<{ requeued: number }> {
  const due = await readIndex(definition, 'dueByTime', queue, { skTo: new Date(now).toISOString() });
  let requeued = 0;
  for (const item of due) {
    // Said of any due item type: each has a `dueAt` (its index's sort key) and a `status`, which a generic shape cannot show.
    const lease = {
      set: { dueAt: new Date(now + leaseMs).toISOString() },
      when: { dueAt: { equals: definition.indexes.dueByTime(item)?.dueAt }, status: { oneOf: [...statuses] } },
      ifExists: false,
    } as unknown as Change<z.infer<Shape>>;
    if (!(await updateItem(definition, item, lease))) continue;
    await requeue(item);
    requeued++;
  }
  return { requeued };
}
