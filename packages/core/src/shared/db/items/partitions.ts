/** A user's partition: their profile and most of what is theirs (ledger, rentals, notifications, settings). */
export const userPartition = (sub: string) => `USER#${sub}`;
