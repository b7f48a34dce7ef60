import type { TransactionFilter } from '@numbernest/contracts';
import type { EntryFilter } from '@numbernest/core/money';

/** `from`/`to` as whole days (inclusive) or exact times. */
export const entryFilterOf = (query: TransactionFilter): EntryFilter => ({
  kind: query.kind,
  from: query.from && (query.from.length === 10 ? `${query.from}T00:00:00.000Z` : new Date(query.from).toISOString()),
  to: query.to && (query.to.length === 10 ? `${query.to}T23:59:59.999Z` : new Date(query.to).toISOString()),
});
