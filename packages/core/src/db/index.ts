export { db, tableName } from './client';
export { tableDefinition, createTableInput, timeToLiveInput, type IndexName } from './table-definition';
export * from './operations';
