export type { UserItem, Caller, NewUser } from './items';
export { userKeys, userPartition } from './keys';
export { AccountBlockedError, AccountDeletedError, EmailNotVerifiedError } from './errors';
export { blockUser, unblockUser } from './block';
export { findUser, findUserByEmail, createUserOnce, getUser, getVerifiedUser, updateSettings, deleteUser } from './users';
export { accountHoldOf, settingsOf, toUser } from './shape';
export { lookupIdentity, signOutEverywhere, signOutEverywhereIn, deleteIdentity, addToGroup, removeFromGroup } from './identity';
export { assertSessionCurrent, revokeTokens, sessionEnded } from './sessions';
export { countsAsVerified, isFederated, newUserOf } from './verification';
