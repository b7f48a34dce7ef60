import type { AuditEntry, OperatorRef } from '@numbernest/contracts/ops';
import { putNew, putNewItem, queryPage, withoutKeys, type Page, type TransactItem } from '../db';
import { timeSortableId } from '../ids';
import { auditKeys } from './keys';

/** What an operator write records: who, what (`action` on `target`), before -> after, why. */
export interface AuditInput {
  operator: OperatorRef;
  action: string;
  target: { type: string; id: string };
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Stored with before/after as JSON text, so any shape (and null) survives DynamoDB as given. */
type AuditItem = {
  id: string;
  at: string;
  operator: OperatorRef;
  action: string;
  target: { type: string; id: string };
  before: string;
  after: string;
  reason?: string;
};

function auditItem(input: AuditInput, now: Date): AuditItem & { pk: string; sk: string } {
  const id = timeSortableId(now.getTime());
  return {
    ...auditKeys.entry(id),
    id,
    at: now.toISOString(),
    operator: input.operator,
    action: input.action,
    target: input.target,
    before: JSON.stringify(input.before ?? null),
    after: JSON.stringify(input.after ?? null),
    ...(input.reason ? { reason: input.reason } : {}),
  };
}

/**
 * The audit entry of a write, as a Put for the write's own transaction: the change and its entry
 * are stored together or not at all. The list is append-only: nothing updates or deletes an entry.
 */
export const auditPut = (input: AuditInput, now = new Date()): TransactItem => putNew(auditItem(input, now));

/** An audit entry on its own, for a write that is not one transaction (a Cognito call, an e-mail). */
export async function recordAudit(input: AuditInput, now = new Date()): Promise<void> {
  await putNewItem(auditItem(input, now));
}

const toEntry = (item: AuditItem): AuditEntry => ({
  id: item.id,
  at: item.at,
  operator: item.operator,
  action: item.action,
  target: item.target,
  before: JSON.parse(item.before) as unknown,
  after: JSON.parse(item.after) as unknown,
  reason: item.reason ?? null,
});

/** The audit list, newest first, a page at a time. */
export async function listAudit(options: { limit?: number; cursor?: string } = {}): Promise<Page<AuditEntry>> {
  const page = await queryPage<AuditItem & { pk: string; sk: string }>(
    auditKeys.partition,
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': auditKeys.partition }, ScanIndexForward: false },
    options.limit ?? 50,
    options.cursor,
  );
  return { ...page, items: page.items.map((item) => toEntry(withoutKeys(item))) };
}
