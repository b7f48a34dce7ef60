import { debitHandler } from '../lambda';
import { rawLibDynamoDb } from './debit';

export const handler = debitHandler(rawLibDynamoDb);
