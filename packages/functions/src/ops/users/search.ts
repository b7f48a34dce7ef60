import { opsCustomerSearchQuerySchema, type OpsCustomerSearchReply } from '@numbernest/contracts/ops';
import { searchCustomers } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/**
 * GET /api/ops/users/search?by=email&q=&cursor= -> the customers whose e-mail contains q (any case), a
 * slice of the table a request (a page may be short, even empty, with a next cursor);
 * ?by=phone&q= -> who holds that number and who held it last, the number as pasted (+44 7700 900123, 447700900123).
 */
export const handler = opsHandler({ query: opsCustomerSearchQuerySchema }, async ({ query }): Promise<OpsCustomerSearchReply> => {
  const { items, cursor } = await searchCustomers(query);
  return { data: items, next_cursor: cursor ?? null };
});
