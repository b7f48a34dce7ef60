/**
 * How many items a page holds, apart from the schemas that use them: Lambdas that only page a list
 * load no zod schema for it (esbuild keeps every schema a module builds once anything of it is used).
 */

/** The picker's page: the first page without `limit`, and the most one request may ask for. */
export const maxNumbersPerPage = 100;

export const rentalsPerPage = 20;

export const notificationsPerPage = 20;
/** Pages start at 0 (the client refetches from page 0 after a read); deeper pages are a 400, not a long query. */
export const maxNotificationPage = 49;
