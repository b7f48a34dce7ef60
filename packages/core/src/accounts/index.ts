export * from './user';
export * from './operator';
export {
  grantPartner,
  listPartners,
  partnerCheckPart,
  partnersBarred,
  PartnersOnlyError,
  requirePartner,
  revokePartner,
  revokePartnerBySub,
  type PartnerRef,
  type PartnerStanding,
} from './partner/partners';
export { auditPart, auditPut, recordAudit } from './operator/audit';
export { AccountBlockedError, AccountDeletedError, EmailNotVerifiedError } from './user/errors';
export type { TransferHold, UserItem } from './user/items';
export { subOfPartition, userKeys, userPartition } from './user/keys';
export { moveProfileTimeForward } from './user/profile-times';
export { liveApiKeysPart, unreadCountPart } from './user/profile-counts';
export { accountHoldLiftPart } from './user/account-hold';
export { balanceMovePart, type BalanceMove } from './user/profile-balance';
export { saveForwardingSwitches, turnOffEmailForwarding } from './user/forwarding-switches';
export { sessionEnded } from './user/sessions';
export { settingsOf } from './user/shape';
export { findUser, findUserByEmail, subOfEmailPointer } from './user/users';
