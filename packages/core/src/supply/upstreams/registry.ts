import {
  createUpstreamRequestSchema,
  defaultMinMarginPercent,
  fieldProblem,
  parseFields,
  updateUpstreamRequestSchema,
  type CreateUpstreamRequest,
  type UpdateUpstreamRequest,
  type Upstream,
  type UpstreamState,
} from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import type * as z from 'zod/mini';
import { auditPart, createUserOnce } from '../../accounts';
import { upstreamAccountSub } from '../../rentals';
import { readItem, readPartition, transact, txDelete, txPutNew, txUpdate, updateItem, type TransactPart } from '../../shared/db';
import { upstreamItem, upstreamNameItem } from '../../shared/db/items/upstreams';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { toDollars } from '../../shared/pricing';
import { isLocalStage } from '../../shared/settings';
import { webhookUrlProblem, type Resolver } from '../../shared/ssrf';
import { upstreamValueCentsDown } from './money';

/**
 * The registry of upstream providers: the services we buy Temporary activations from, over
 * SMS-Activate's protocol or 5sim's v1 API. Operators add, change, pause and remove them (each change
 * audited); the key is sent on every call, so it is stored as it is and never shown again: views carry
 * its last 4 characters. A name is unique whatever its case (a pointer item per name).
 */

export type UpstreamItem = z.infer<typeof upstreamItem.schema>;

/** How an upstream's URL is checked: `resolve` in tests (no real DNS); `local` false holds this machine to a stage's rules. */
export interface UpstreamUrlOptions {
  resolve?: Resolver;
  local?: boolean;
}

export class UpstreamNotFoundError extends NotFoundError {
  override name = 'UpstreamNotFoundError';
  constructor(id: string) {
    super(`No upstream ${id}`, 'UPSTREAM_NOT_FOUND', { id });
  }
}

export class UpstreamNameTakenError extends ConflictError {
  override name = 'UpstreamNameTakenError';
  constructor(name: string) {
    super(`Another upstream is already called ${name}`, 'UPSTREAM_NAME_TAKEN', { name });
  }
}

const upstreamChanged = () => new ConflictError('The upstream changed meanwhile; try again', 'CONCURRENT_CHANGE');

/** What an upstream is doing: removed, else paused by an operator, else active. */
export const upstreamState = (upstream: Pick<UpstreamItem, 'pausedAt' | 'removedAt'>): UpstreamState =>
  upstream.removedAt ? 'removed' : upstream.pausedAt ? 'paused' : 'active';

/** The key's last 4 characters (all of a shorter key but the first), for telling keys apart. */
export const keyHint = (key: string) => key.slice(Math.max(1, key.length - 4));

/** An upstream on the wire: never its key. */
export function toUpstreamView(upstream: UpstreamItem): Upstream {
  return {
    id: upstream.id,
    name: upstream.name,
    kind: upstream.kind,
    url: upstream.url,
    state: upstreamState(upstream),
    balance: upstream.balance === undefined ? null : Number(upstream.balance),
    balance_usd: upstream.balance === undefined ? null : toDollars(upstreamValueCentsDown(upstream.balance, upstream.rate)),
    spend: toDollars(upstream.spendCents ?? 0),
    rate: Number(upstream.rate),
    currency: upstream.currency,
    min_margin_percent: upstream.minMarginPercent,
    key_hint: keyHint(upstream.key),
    last_sync_at: upstream.lastSyncAt ?? null,
    last_error: upstream.lastError ?? null,
    stock: upstream.stockTotal ?? 0,
    purchases: upstream.purchases ?? 0,
    codes: upstream.codes ?? 0,
    created_at: upstream.createdAt,
  };
}

/**
 * The URL as it will be saved, or a ValidationError on `url`: the SSRF guard's rules for agents (http or
 * https, never a private, loopback, link-local or metadata address; locally this machine is allowed).
 * Whoever calls the upstream checks it again right before.
 */
async function acceptedUrl(raw: string, options: UpstreamUrlOptions): Promise<string> {
  const url = raw.trim().replace(/\/+$/, '');
  const problem = await webhookUrlProblem(url, { local: options.local ?? isLocalStage(), resolve: options.resolve, schemes: 'http-or-https' });
  if (problem === null) return url;
  const reason = problem.charAt(0).toLowerCase() + problem.slice(1);
  throw new ValidationError(`This URL cannot be an upstream's address: ${reason}`, { url: [fieldProblem('UPSTREAM_URL_REFUSED', { reason })] });
}

/** Tidies a rate as stored: no trailing zeros after the point (`0.010900` -> `0.0109`, `1.0` -> `1`). */
const tidyRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/** An upstream by its id (removed ones too), or undefined. */
export async function findUpstream(id: string): Promise<UpstreamItem | undefined> {
  return readItem(upstreamItem, { id }, { consistent: true });
}

/** A live upstream (not removed) by id, else UpstreamNotFoundError. */
export async function getUpstream(id: string): Promise<UpstreamItem> {
  const upstream = await findUpstream(id);
  if (!upstream || upstream.removedAt) throw new UpstreamNotFoundError(id);
  return upstream;
}

/** Every upstream not removed, oldest first (one partition). */
export async function listUpstreams(): Promise<UpstreamItem[]> {
  return readPartition(upstreamItem, { id: '' }, { filter: { removedAt: { absent: true } } });
}

/** What an audit entry says of an upstream: everything an operator set but its key. */
const audited = (u: UpstreamItem) => ({
  name: u.name,
  kind: u.kind,
  url: u.url,
  currency: u.currency,
  rate: u.rate,
  min_margin_percent: u.minMarginPercent,
  state: upstreamState(u),
  key_hint: keyHint(u.key),
});

/**
 * An operator adds an upstream (the console, `npm run ops -- add-upstream`): checked as the API's
 * schema says, its URL by the SSRF guard, its name unique (409 UPSTREAM_NAME_TAKEN); the upstream, its
 * name's pointer and the audit entry in one transaction.
 */
export async function addUpstream(
  input: CreateUpstreamRequest,
  operator: OperatorRef,
  options: UpstreamUrlOptions = {},
  now = new Date(),
): Promise<UpstreamItem> {
  const parsed = parseFields(createUpstreamRequestSchema, input, 'input');
  if (!parsed.success) throw new ValidationError('Invalid request', parsed.fields);
  const body = parsed.data;
  const url = await acceptedUrl(body.url, options);
  const upstream: UpstreamItem = {
    id: timeSortableId(now.getTime()),
    name: body.name,
    kind: body.kind,
    url,
    key: body.key,
    currency: body.currency ?? 'USD',
    rate: tidyRate(body.rate ?? '1'),
    minMarginPercent: body.min_margin_percent ?? defaultMinMarginPercent,
    createdAt: now.toISOString(),
    createdBy: operator.email,
  };
  await transact([
    txPutNew(upstreamNameItem, { name: upstream.name, upstreamId: upstream.id }, () => new UpstreamNameTakenError(upstream.name)),
    txPutNew(upstreamItem, upstream, upstreamChanged),
    auditPart({ operator, action: 'upstream.add', target: { type: 'upstream', id: upstream.id }, after: audited(upstream) }, now),
  ]);
  // Its ledger account (what we deposit there, what it costs us): see account.ts.
  await createUserOnce({ sub: upstreamAccountSub(upstream.id), email: '', emailVerifiedAt: null });
  return upstream;
}

/**
 * An operator changes an upstream: its name (unique), URL (checked as on adding), key, currency and
 * rate, minimum margin, paused (the time of the first pause is kept) or resumed; with its audit entry,
 * in one transaction conditioned on the upstream as read. Answers it as it is now.
 */
export async function updateUpstream(
  id: string,
  input: UpdateUpstreamRequest,
  operator: OperatorRef,
  options: UpstreamUrlOptions = {},
  now = new Date(),
): Promise<UpstreamItem> {
  const parsed = parseFields(updateUpstreamRequestSchema, input, 'input');
  if (!parsed.success) throw new ValidationError('Invalid request', parsed.fields);
  const change = parsed.data;
  const current = await getUpstream(id);
  const url = change.url === undefined ? undefined : await acceptedUrl(change.url, options);
  const currency = change.currency ?? current.currency;
  if (change.currency !== undefined && change.currency !== current.currency && change.rate === undefined)
    throw new ValidationError('Invalid request', { rate: [fieldProblem('REQUIRED', undefined, 'Give the rate of the new currency.')] });
  const set: Partial<UpstreamItem> = {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(url === undefined ? {} : { url }),
    ...(change.key === undefined ? {} : { key: change.key }),
    ...(change.currency === undefined ? {} : { currency }),
    ...(change.rate === undefined ? {} : { rate: tidyRate(change.rate) }),
    ...(change.min_margin_percent === undefined ? {} : { minMarginPercent: change.min_margin_percent }),
  };
  const pausedAt = change.paused === true ? (current.pausedAt ?? now.toISOString()) : change.paused === false ? undefined : current.pausedAt;
  const { pausedAt: _, ...rest } = { ...current, ...set };
  const next: UpstreamItem = { ...rest, ...(pausedAt === undefined ? {} : { pausedAt }) };
  const renamed = change.name !== undefined && change.name.toLowerCase() !== current.name.toLowerCase();
  const action = Object.keys(set).length ? 'upstream.update' : change.paused ? 'upstream.pause' : 'upstream.resume';
  if (!Object.keys(set).length && upstreamState(next) === upstreamState(current)) return current;
  const failed = (found: UpstreamItem | undefined) => (!found || found.removedAt ? new UpstreamNotFoundError(id) : upstreamChanged());
  const nameParts: TransactPart[] = renamed
    ? [
        txDelete(upstreamNameItem, { name: current.name }, { onConditionFailed: upstreamChanged }),
        txPutNew(upstreamNameItem, { name: next.name, upstreamId: id }, () => new UpstreamNameTakenError(next.name)),
      ]
    : [];
  await transact([
    txUpdate(
      upstreamItem,
      { id },
      {
        set: { ...set, ...(change.paused === true && !current.pausedAt ? { pausedAt } : {}) },
        ...(change.paused === false && current.pausedAt ? { remove: ['pausedAt' as const] } : {}),
        // The key is compared so two operators' changes never interleave unseen.
        when: { removedAt: { absent: true }, name: { equals: current.name }, key: { equals: current.key }, url: { equals: current.url } },
        onConditionFailed: failed,
      },
    ),
    ...nameParts,
    auditPart(
      {
        operator,
        action,
        target: { type: 'upstream', id },
        before: audited(current),
        after: { ...audited(next), ...(change.key === undefined ? {} : { key_changed: true }) },
      },
      now,
    ),
  ]);
  return next;
}

export const pauseUpstream = (id: string, operator: OperatorRef) => updateUpstream(id, { paused: true }, operator);
export const resumeUpstream = (id: string, operator: OperatorRef) => updateUpstream(id, { paused: false }, operator);

/** An operator removes an upstream: marked removed (its history stays), its name freed, audited, in one transaction. */
export async function removeUpstream(id: string, operator: OperatorRef, now = new Date()): Promise<UpstreamItem> {
  const current = await getUpstream(id);
  const removedAt = now.toISOString();
  await transact([
    txUpdate(
      upstreamItem,
      { id },
      {
        set: { removedAt },
        when: { removedAt: { absent: true }, name: { equals: current.name } },
        onConditionFailed: (found) => (!found || found.removedAt ? new UpstreamNotFoundError(id) : upstreamChanged()),
      },
    ),
    txDelete(upstreamNameItem, { name: current.name }, { onConditionFailed: upstreamChanged }),
    auditPart({ operator, action: 'upstream.remove', target: { type: 'upstream', id }, before: audited(current), after: { state: 'removed' } }, now),
  ]);
  return { ...current, removedAt };
}

/** A live upstream by its id or its name (any case), for the command line; undefined when none. */
export async function findUpstreamByIdOrName(idOrName: string): Promise<UpstreamItem | undefined> {
  const wanted = idOrName.trim().toLowerCase();
  return (await listUpstreams()).find((u) => u.id === wanted || u.name.toLowerCase() === wanted);
}

/** An upstream activation got its first code: counted on the upstream (its delivery, for operators). */
export async function countUpstreamCode(upstreamId: string): Promise<void> {
  await updateItem(upstreamItem, { id: upstreamId }, { add: { codes: 1 } });
}
