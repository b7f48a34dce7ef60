import { transactionsExportQuerySchema, type TransactionsExportReply } from '@numbernest/contracts';
import { entriesToCsv, listEntries, toTransaction } from '@numbernest/core/money';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withText } from '../lib/http';
import { entryFilterOf } from './filter';

/** The most rows one export holds (far above any real account's history; keeps the reply under Lambda's 6 MB). */
const maxExportRows = 20_000;

/** GET /api/user/transactions/export?kind=&from=&to=&format= -> text/csv (default) or JSON of the whole filtered list. */
export const handler = httpHandler({ auth: true, query: transactionsExportQuerySchema }, async ({ claims, query }) => {
  const user = await getVerifiedUser(callerOf(claims));
  const { entries } = await listEntries(user.sub, entryFilterOf(query), 0, maxExportRows);
  if (query.format === 'json') return { message: 'success', data: entries.map(toTransaction) } satisfies TransactionsExportReply;
  return withText(200, 'text/csv; charset=utf-8', entriesToCsv(entries), { 'Content-Disposition': 'attachment; filename="transactions.csv"' });
});
