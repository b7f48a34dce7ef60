import { userPartition } from '../../accounts';

/** Keys: docs/access-patterns.md. The open hold exists exactly while the profile has `accountHold`. */
export const holdKeys = {
  partition: 'ACCOUNT_HOLD',
  open: (sub: string) => ({ pk: 'ACCOUNT_HOLD', sk: userPartition(sub) }),
  decision: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `HOLD_DECISION#${id}` }),
};
