/**
 * Per-user keys. Everything of one user shares the partition `USER#<sub>` (sub = Cognito's id):
 *
 * | item         | pk          | sk                     |
 * |--------------|-------------|------------------------|
 * | profile      | USER#<sub>  | PROFILE                |  (balance, settings, unread counter)
 * | notification | USER#<sub>  | NOTIFICATION#<id>      |  (ids sort by time; see notification/keys.ts)
 */
export const userPartition = (sub: string) => `USER#${sub}`;

export const userKeys = {
  profile: (sub: string) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
};
