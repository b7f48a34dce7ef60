export type { LedgerEntry, BalanceChange, EntryDescription } from './items';
export { ledgerKeys } from './keys';
export { applyLedgerTransaction, findEntriesOfKey, type LedgerTransaction, type LedgerResult } from './apply';
export { listEntries, allEntries, type EntryFilter } from './list';
export { checkLedger, type LedgerReport, type LedgerProblem } from './check';
export { toTransaction, entriesToCsv } from './shape';
