export { db, tableName } from './client';
export { tableDefinition, createTableInput, timeToLiveInput, type IndexName } from './table-definition';
export * from './operations';
export { transactWrite, failedCondition, cancellationReasons, putNew, putNewItem, type TransactItem, type TransactItems } from './transact';
export { retryOnConflict, tryAgain, type RetryOptions } from './retry';
export { requeueDue } from './requeue-due';
export {
  defineItem,
  parseItem,
  itemRecord,
  readItem,
  readItems,
  readPartition,
  readPage,
  readIndex,
  readIndexOnce,
  countItems,
  putItem,
  createItem,
  updateItem,
  deleteItem,
  deleteItemReturningOld,
  updateItemReturningOld,
  txPutNew,
  txPut,
  txUpdate,
  txDelete,
  txConditionCheck,
  transact,
  partRequests,
  requestPart,
  failedPart,
  MalformedItemError,
  type ItemType,
  type ItemDefinition,
  type Owner,
  type Condition,
  type Conditions,
  type Change,
  type TransactPart,
  type QueryOptions,
  type IndexQuery,
} from './item';
