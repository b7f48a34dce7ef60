/** How long the Start Chat send and the rental job's sweep of its stuck records may take (pure: stacks/function-timeouts.test.ts checks them against the Lambda timeouts). */

/** How long Twilio gets to answer a send (API Gateway gives the whole request 30 s; the send Lambda's timeout is above this, stacks/function-timeouts.ts). */
export const twilioTimeoutMs = 10_000;
/** How long Twilio gets to answer each page of a lookup. */
export const twilioLookupTimeoutMs = 5_000;
/**
 * A request lives at most its Lambda's timeout (25 s, stacks/function-timeouts.ts, under API
 * Gateway's 30 s): a record still `sending` this long after has no request left to answer it, so
 * the rental job asks Twilio what became of it.
 */
export const unsentRefundAfterMs = 5 * 60_000;
/** The rental job starts no new record after this long (the rest wait for the next run), so with one record's lookup it ends inside its timeout. */
export const unsentSweepBudgetMs = 25_000;
/** Pages of Twilio's list the rental job reads per record (50 messages each, newest first). */
export const unsentLookupPages = 5;
