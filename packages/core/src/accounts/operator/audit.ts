import type { AuditEntry, OperatorRef } from '@numbernest/contracts/ops';
import { putNew, putNewItem, readPage, requestPart, type Page, type TransactItem, type TransactPart } from '../../shared/db';
import { auditEntryItem } from '../../shared/db/items/audit';
import type * as z from 'zod/mini';
import { timeSortableId } from '../../shared/ids';
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
type AuditItem = z.infer<typeof auditEntryItem.schema>;

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

/** The same Put as a part of an item-layer transaction (`onConditionFailed`: what the write as a whole means when it fails; an entry's id is new). */
export const auditPart = (input: AuditInput, now = new Date(), onConditionFailed?: () => Error): TransactPart =>
  requestPart(auditPut(input, now), onConditionFailed);

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

export interface AuditFilter {
  /** First and last UTC day (`YYYY-MM-DD`), both included. */
  from?: string;
  to?: string;
  /** The acting operator's e-mail (stored lower-case, so case is ignored). */
  operator?: string;
  action?: string;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The audit list, newest first, a page at a time. A date range narrows the sort keys read (an entry's
 * id starts with its time); the operator and the action are filtered on the items read, so a page may
 * hold fewer entries than its limit (even none) while a cursor still follows.
 */
export async function listAudit(options: { limit?: number; cursor?: string } & AuditFilter = {}): Promise<Page<AuditEntry>> {
  const lower = auditKeys.entryPrefix(options.from ? dayStart(options.from) : 0);
  // Ids are time, then random hex: the bare time of the next day's start sorts before every id of that day.
  const upper = options.to ? auditKeys.entryPrefix(dayStart(options.to) + dayMs) : 'ENTRY#~';
  const page = await readPage(auditEntryItem, { id: '' }, options.limit ?? 50, options.cursor, {
    skFrom: lower,
    skTo: upper,
    descending: true,
    filter: {
      ...(options.operator ? { nested: { 'operator.email': { equals: options.operator.toLowerCase() } } } : {}),
      ...(options.action ? { action: { equals: options.action } } : {}),
    },
  });
  return { ...page, items: page.items.map(toEntry) };
}
