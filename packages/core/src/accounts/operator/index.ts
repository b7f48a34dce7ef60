export { auditKeys } from './keys';
export { auditPart, auditPut, recordAudit, listAudit, type AuditInput } from './audit';
export { groupsOf, requireOperator, grantOperator, revokeOperator, OperatorsOnlyError } from './operators';
