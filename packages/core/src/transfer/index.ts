export type { TransferItem } from './transfer';
export { transferBalance, transferKeys } from './transfer';
