import { debitHandler } from '../lambda';
import { dynamoDbToolbox } from './debit';

export const handler = debitHandler(dynamoDbToolbox);
