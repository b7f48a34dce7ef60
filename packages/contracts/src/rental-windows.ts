// A module of its own: the rentals' rules need these times, not rental.ts's reply schemas.

/** A Temporary activation lasts 20 minutes (one service, one or more codes in that window). */
export const temporaryMinutes = 20;
/** Shared and Private: closed within this many minutes of purchase, unused, they are refunded in full. */
export const refundWindowMinutes = 20;
/** Temporary: a cancel in the first minutes is refused. */
export const earlyCancelMinutes = 2;
