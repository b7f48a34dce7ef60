/**
 * The operators' inventory of numbers (`@numbernest/core/supply`): list every number with its
 * state, rentals and SMS figures; import numbers; retire them.
 */
export { listInventory } from './list';
export { addNumbers, importNumbers, type NewNumber } from './import';
export { setRetired } from './retire';
export { sourceText, parseSource, inventoryStatus } from './shape';
export { backfillNumber, backfillNumbers, type BackfillReport } from './backfill';
