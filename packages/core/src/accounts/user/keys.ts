/**
 * Per-user keys (docs/access-patterns.md). Everything of one user shares the partition `USER#<sub>`
 * (sub = Cognito's id); one item per e-mail address names the account that signed up with it last
 * (transfers find their recipient by e-mail).
 */
export const userPartition = (sub: string) => `USER#${sub}`;
/** The sub of a `USER#<sub>` partition key (an index entry carries only the keys). */
export const subOfPartition = (pk: string) => pk.slice('USER#'.length);

export const userKeys = {
  profile: (sub: string) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
};
