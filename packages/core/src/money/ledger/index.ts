export type { LedgerEntry, BalanceChange, EntryDescription } from './items';
export { ledgerKeys } from './keys';
export {
  applyLedgerTransaction,
  applyCardReversal,
  heldForTransfers,
  findEntriesOfKey,
  type LedgerTransaction,
  type LedgerResult,
  type CardReversal,
} from './apply';
export { AccountOnHoldError, HeldFundsError } from './errors';
export { listEntries, allEntries, type EntryFilter } from './list';
export { checkLedger, type LedgerReport, type LedgerProblem } from './check';
export { toTransaction, toOpsLedgerEntry, entriesToCsv } from './shape';
