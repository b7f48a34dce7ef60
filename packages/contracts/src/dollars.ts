import * as z from 'zod/mini';

// A module of its own: most Lambdas need a dollar amount, few the catalogue's schemas.

/** Dollars at the edge (2 decimals); cents inside. */
export const dollarsSchema = z.number().check(z.nonnegative());
/** A balance in dollars: below zero only after a card payment was taken back (a dispute or refund), and then it is what the user owes. */
export const balanceDollarsSchema = z.number();
