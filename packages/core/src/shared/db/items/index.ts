/** Every item type defined with the item layer, for docs/access-patterns.md's generated Items section. */
import { ledgerEntryItem, ledgerKeyItem } from './ledger';
import { sentDayItem } from './messaging';
import { rateBucketItem, rateWindowItem } from './shared';

export const itemTypes = [ledgerEntryItem, ledgerKeyItem, sentDayItem, rateWindowItem, rateBucketItem];
