export type { TransferItem } from './transfer';
export { transferBalance, transferKeys, transferAllowance, dailyTransferLimitCents, type TransferAllowance } from './transfer';
