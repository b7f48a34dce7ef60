import { debitHandler } from '../lambda';
import { thinLayer } from './debit';

export const handler = debitHandler(thinLayer);
