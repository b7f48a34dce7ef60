import { transactionsPerPage, transactionsQuerySchema, type TransactionsReply } from '@numbernest/contracts';
import { listEntries, toTransaction } from '@numbernest/core/money';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { entryFilterOf } from './filter';

/** GET /api/user/transactions?page=&kind=&from=&to=: ledger entries newest first, in the notifications' paging. */
export const handler = httpHandler({ auth: true, query: transactionsQuerySchema }, async ({ claims, query }): Promise<TransactionsReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  const page = query.page ?? 0;
  const { entries, more } = await listEntries(user.sub, entryFilterOf(query), page * transactionsPerPage, transactionsPerPage);
  return {
    message: 'success',
    data: { current_page: page, per_page: transactionsPerPage, data: entries.map(toTransaction), next_page: more ? page + 1 : null },
  };
});
