import * as z from 'zod/mini';
import { balanceDollarsSchema } from './dollars';
import { blankIsUndefined, intSchema, pageNumberSchema, preprocess } from './http';
import { ledgerKindSchema } from './money';
import { singleLine } from './text';

/** The ledger's history as the API shows it (a module of its own, so a Lambda that lists none carries none of it). */

/** A ledger entry as the API shows it: `amount` is signed (negative for money out). */
export const transactionSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  amount: z.number(),
  balance_after: balanceDollarsSchema,
  /** The business item it belongs to: a top-up id, a transfer id, a rental id. */
  reference: z.string(),
  created_at: z.string(),
  /** A translation key and its values (the web words it in the interface language). */
  description: z.object({ key: z.string(), params: z.record(z.string(), z.string()) }),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsPerPage = 20;
export const maxTransactionPage = 49;

/** `YYYY-MM-DD` (a whole UTC day) or a full ISO time. */
const dayOrTime = z.string().check(
  singleLine(),
  z.refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), { params: { code: 'INVALID_FORMAT' } }),
);

export const transactionFilterSchema = z.strictObject({
  kind: preprocess(blankIsUndefined, z.optional(ledgerKindSchema)),
  from: preprocess(blankIsUndefined, z.optional(dayOrTime)),
  to: preprocess(blankIsUndefined, z.optional(dayOrTime)),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

/**
 * GET /user/transactions/export: the whole filtered list. `format=csv` (the default) for programs:
 * a CSV with the words as keys and values; `format=json` for the web, which writes its own CSV in
 * the reader's language.
 */
export const transactionsExportQuerySchema = z.extend(transactionFilterSchema, {
  format: preprocess(blankIsUndefined, z.optional(z.enum(['csv', 'json']))),
});
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;
export const transactionsExportReplySchema = z.object({ message: z.literal('success'), data: z.array(transactionSchema) });
export type TransactionsExportReply = z.infer<typeof transactionsExportReplySchema>;

export const transactionsQuerySchema = z.extend(transactionFilterSchema, {
  page: pageNumberSchema(maxTransactionPage),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** GET /user/transactions: the notifications' paging style (`data.data` holds the items). */
export const transactionPageSchema = z.object({
  current_page: intSchema(),
  per_page: intSchema(),
  data: z.array(transactionSchema),
  next_page: z.nullable(intSchema()),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;
export const transactionsReplySchema = z.object({ message: z.literal('success'), data: transactionPageSchema });
export type TransactionsReply = z.infer<typeof transactionsReplySchema>;
