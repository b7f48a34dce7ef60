/**
 * Per-user keys. Everything of one user shares the partition `USER#<sub>` (sub = Cognito's id):
 *
 * | item         | pk          | sk                     |
 * |--------------|-------------|------------------------|
 * | profile      | USER#<sub>  | PROFILE                |  (balance, settings, unread counter)
 * | notification | USER#<sub>  | NOTIFICATION#<id>      |  (ids sort by time; see notification/keys.ts)
 *
 * And one item per e-mail address, naming the account that signed up with it last (transfers
 * find their recipient by e-mail): pk EMAIL#<lower-case e-mail>, sk USER.
 */
export const userPartition = (sub: string) => `USER#${sub}`;
/** The sub of a `USER#<sub>` partition key (an index entry carries only the keys). */
export const subOfPartition = (pk: string) => pk.slice('USER#'.length);

export const userKeys = {
  profile: (sub: string) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
  byEmail: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'USER' }),
};
