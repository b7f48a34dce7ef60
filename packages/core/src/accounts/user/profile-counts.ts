import { txUpdate, type TransactPart } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { NotFoundError } from '../../shared/errors';

const userNotFound = (sub: string) => () => new NotFoundError(`User ${sub} not found`, 'USER_NOT_FOUND');

/**
 * In a transaction: the profile's unread notification count moved by `by`. `liveOnly`: only on a
 * profile that exists and is not deleted (else the transaction fails with USER_NOT_FOUND), as a new
 * notification needs; marking read counts down whatever the profile's state.
 */
export const unreadCountPart = (sub: string, by: number, liveOnly: boolean): TransactPart =>
  txUpdate(
    userProfileItem,
    { sub },
    { add: { unreadCount: by }, ...(liveOnly ? { when: { deletedAt: { absent: true } } } : { ifExists: false }), onConditionFailed: userNotFound(sub) },
  );

/**
 * In a transaction: the profile's count of live developer API keys moved by `by`, held below `max`
 * when it grows (and only on a live account); `onConditionFailed` says what a refusal means to the caller.
 */
export const liveApiKeysPart = (sub: string, by: 1 | -1, max: number, onConditionFailed: () => Error): TransactPart =>
  txUpdate(
    userProfileItem,
    { sub },
    {
      add: { liveApiKeys: by },
      ...(by > 0 ? { when: { deletedAt: { absent: true }, anyOf: [{ liveApiKeys: { absent: true } }, { liveApiKeys: { lessThan: max } }] } } : {}),
      onConditionFailed,
    },
  );
