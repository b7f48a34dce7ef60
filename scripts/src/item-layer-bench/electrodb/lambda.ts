import { debitHandler } from '../lambda';
import { electroDb } from './debit';

export const handler = debitHandler(electroDb);
