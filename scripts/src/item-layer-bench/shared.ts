/**
 * What every implementation of the item-layer comparison shares: the client (as core makes it),
 * the table's name (as an SST link hands it over), the debit's input, and the errors a refused
 * debit must end in: each names the item whose condition failed.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LedgerKind } from '@numbernest/contracts';

/** As packages/core/src/shared/db/client.ts: endpoint and credentials from the SDK's standard sources. */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });

/** Read at call time, as core does (the link is set before the first call, not before the import). */
export const tableName = (): string => (JSON.parse(process.env.SST_RESOURCE_Table ?? '{"name":"Table"}') as { name: string }).name;

export interface DebitRequest {
  sub: string;
  amountCents: number;
  idempotencyKey: string;
  reference: string;
}

/** What a debit wrote: the entry as the domain sees it (no table keys). */
export interface DebitedEntry {
  sub: string;
  seq: number;
  amountCents: number;
  balanceAfterCents: number;
}

/** The account item's condition failed: the balance is below the amount. */
export class NotEnoughBalanceError extends Error {
  override name = 'NotEnoughBalanceError';
  readonly item = 'account';
}

/** The idempotency marker's condition failed: this key has moved money already. */
export class KeyAlreadyUsedError extends Error {
  override name = 'KeyAlreadyUsedError';
  readonly item = 'idempotency marker';
}

/** The ledger entry's condition failed: its place in the chain is taken (a concurrent debit won). */
export class EntryTakenError extends Error {
  override name = 'EntryTakenError';
  readonly item = 'ledger entry';
}

/** What each implementation offers the bench (and a Lambda-like entry calls). */
export interface ItemLayerImplementation {
  openAccount(sub: string, balanceCents: number): Promise<void>;
  /** The account, parsed (a malformed item throws), or undefined. */
  readAccount(sub: string): Promise<{ sub: string; balanceCents: number; ledgerSeq?: number | undefined } | undefined>;
  /** One conditional TransactWriteItems from the account just read. */
  debit(request: DebitRequest, account: { balanceCents: number; ledgerSeq?: number | undefined }): Promise<DebitedEntry>;
  /** The ledger entry, parsed. */
  readEntry(sub: string, seq: number): Promise<DebitedEntry | undefined>;
}

/** The ledger's kinds, here so the bundles compare the layers alone (the contracts' module builds schemas at import). */
export const ledgerKinds = [
  'top-up',
  'transfer-out',
  'transfer-in',
  'purchase',
  'refund',
  'extension',
  'sms-out',
  'chargeback',
  'card-refund',
  'chargeback-reversal',
  'adjustment',
] as const satisfies readonly LedgerKind[];

/** The ledger entry of a purchase debit, the same in every implementation: only how it is written differs. */
export function purchaseEntry(request: Pick<DebitRequest, 'sub' | 'amountCents' | 'reference'>, balanceCents: number, seq: number) {
  return {
    sub: request.sub,
    seq,
    id: randomUUID(),
    kind: 'purchase' as const,
    amountCents: -request.amountCents,
    balanceAfterCents: balanceCents - request.amountCents,
    reference: request.reference,
    description: { key: 'purchase' },
    createdAt: new Date().toISOString(),
  };
}
