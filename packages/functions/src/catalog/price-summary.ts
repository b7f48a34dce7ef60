import { getPriceSummary } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/**
 * GET /api/price-summary -> { data: { shared_from_per_day, private_from_per_day, temporary_from } }:
 * the cheapest price of each type in dollars ("from" prices), null where a type has no offer.
 */
export const handler = httpHandler({}, async () => ({ data: await getPriceSummary() }));
