import * as z from 'zod/mini';

// A module of its own (as rental-id.ts): the rental item type needs these, not rental.ts's reply schemas.

/**
 * Why a renter reports a Temporary activation's number: no code came (`not_delivered`, only while
 * none has), or the service says the number is already registered (`already_used`, also after a code:
 * a code for someone else's account is of no use). Either refunds it in full and stops selling the
 * number for that service.
 */
export const reportReasons = ['not_delivered', 'already_used'] as const;
export const reportReasonSchema = z.enum(reportReasons);
export type ReportReason = z.infer<typeof reportReasonSchema>;
