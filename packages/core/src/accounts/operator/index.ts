export { auditKeys } from './keys';
export { auditPut, recordAudit, listAudit, type AuditInput } from './audit';
export { groupsOf, requireOperator, grantOperator, revokeOperator, OperatorsOnlyError } from './operators';
