import { userPartition } from '../user/keys';

/**
 * | item                                   | pk              | sk                          |
 * |----------------------------------------|-----------------|-----------------------------|
 * | open hold (the operators' queue)       | ACCOUNT_HOLD    | USER#<sub>                  |  exists exactly while the profile has `accountHold`
 * | an operator's decision on a hold       | USER#<sub>      | HOLD_DECISION#<time id>     |
 */
export const holdKeys = {
  partition: 'ACCOUNT_HOLD',
  open: (sub: string) => ({ pk: 'ACCOUNT_HOLD', sk: userPartition(sub) }),
  decision: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `HOLD_DECISION#${id}` }),
};
