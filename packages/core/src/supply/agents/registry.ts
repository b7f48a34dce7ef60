import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fieldProblem, maxAgentsPerPartner, type Agent, type AgentState, type OpsAgent } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import type * as z from 'zod/mini';
import { findUser, grantPartner, listPartners, partnerCheckPart, PartnersOnlyError, auditPart, type PartnerRef, type UserItem } from '../../accounts';
import { readItem, readItems, readPartition, transact, txDelete, txPutNew, txUpdate, updateItem, type TransactPart } from '../../shared/db';
import { agentByKeyItem, agentItem, partnerAgentsItem } from '../../shared/db/items/agents';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { isLocalStage } from '../../shared/settings';
import { toDollars } from '../../shared/pricing';
import { checkWebhookUrl, type Resolver, type WebhookTarget } from '../../shared/ssrf';

/**
 * The registry of agents: the servers of partners' SIM banks that speak the SMSHub agent protocol
 * (we call them with GET_SERVICES, GET_NUMBER and FINISH_ACTIVATION; they call us with PUSH_SMS).
 * Each has a protocol key that goes in every request body both ways, so it is stored as it is; the
 * partner sees it only when it is made or rotated, and the platform finds an agent from a key by a
 * pointer keyed by the key's SHA-256 (`findAgentByKey`). Keys: docs/access-patterns.md.
 */

export type AgentItem = z.infer<typeof agentItem.schema>;

/** Who adds an agent: its partner (the API), or an operator for a partner (the command line; audited). */
export type AgentActor = { partner: { sub: string; email: string } } | { operator: OperatorRef };

/** How an agent's URL is checked: `resolve` in tests (no real DNS); `local` false holds this machine to a stage's rules. */
export interface AgentUrlOptions {
  resolve?: Resolver;
  local?: boolean;
}

export class AgentNotFoundError extends NotFoundError {
  override name = 'AgentNotFoundError';
  constructor(id: string) {
    super(`No agent ${id}`, 'AGENT_NOT_FOUND', { id });
  }
}

export class TooManyAgentsError extends ConflictError {
  override name = 'TooManyAgentsError';
  constructor() {
    super(`At most ${maxAgentsPerPartner} agents; remove one first`, 'TOO_MANY_AGENTS', { max: maxAgentsPerPartner });
  }
}

export class AgentKeyInUseError extends ConflictError {
  override name = 'AgentKeyInUseError';
  constructor() {
    super('Another agent already has this key', 'AGENT_KEY_IN_USE');
  }
}

/** A fresh protocol key: 32 random bytes, base64url (43 characters). */
export const generateAgentKey = () => randomBytes(32).toString('base64url');

/** The pointer's key: SHA-256 of the protocol key, hex. */
export const hashAgentKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A key an operator gives (`--key`, an agent already set up with one): printable ASCII without spaces, 16 to 200 characters. */
const givenKeyPattern = /^[\x21-\x7e]{16,200}$/;

/**
 * What an agent is doing, from its marks: an operator's block first, then the platform's
 * over-reporting while it lasts, then its partner's pause.
 */
export function agentState(agent: Pick<AgentItem, 'pausedAt' | 'blocked' | 'overReportingUntil'>, now = new Date()): AgentState {
  if (agent.blocked) return 'blocked';
  if (agent.overReportingUntil && agent.overReportingUntil > now.toISOString()) return 'over-reporting';
  if (agent.pausedAt) return 'paused';
  return 'active';
}

/** An agent on the wire: never its key. */
export function toAgentView(agent: AgentItem, now = new Date()): Agent {
  const state = agentState(agent, now);
  return {
    id: agent.id,
    name: agent.name,
    url: agent.url,
    state,
    paused: agent.pausedAt !== undefined,
    blocked_reason: agent.blocked?.reason ?? null,
    over_reporting_until: state === 'over-reporting' ? (agent.overReportingUntil ?? null) : null,
    created_at: agent.createdAt,
    last_poll_at: agent.lastPollAt ?? null,
    last_latency_ms: agent.lastLatencyMs ?? null,
    last_error: agent.lastError ?? null,
    stock: agent.stockTotal ?? 0,
    sold: agent.soldCount ?? 0,
    earned: toDollars(agent.earnedCents ?? 0),
    ended: agent.endedCount ?? 0,
    // Counts from before `endedCount` existed may have more sold than ended: never over 100%.
    success_rate: agent.endedCount ? Math.min(1, (agent.soldCount ?? 0) / agent.endedCount) : null,
  };
}

/** An agent as the operators see it: the view, its partner, and what it last reported that could not be placed. */
export function toOpsAgentView(agent: AgentItem, partner: { sub: string; email: string }, now = new Date()): OpsAgent {
  return { ...toAgentView(agent, now), partner, unknown_countries: agent.unknownCountries ?? [], unknown_services: agent.unknownServices ?? [] };
}

/**
 * Checks an agent's URL (SSRF) and resolves its host once, as the webhook guard does: http or https
 * (the protocol allows both; the guard itself holds webhooks to https), never a private, loopback,
 * link-local or metadata address, and locally also this machine. Whoever calls the agent checks it
 * again right before, and connects only to the addresses answered (`pinnedAgent`).
 */
export async function checkAgentUrl(raw: string, options: AgentUrlOptions = {}): Promise<WebhookTarget> {
  return checkWebhookUrl(raw, { local: options.local ?? isLocalStage(), resolve: options.resolve, schemes: 'http-or-https' });
}

/** What breaks a single line (as the contracts' `singleLine()`): C0 and C1 controls, DEL, the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const breaksTheLine = /[\0-\x1f\x7f-\x9f\u2028\u2029]/;

/** A name as it will be saved (the API's schema says the same; the command line comes here directly): one line, 1 to 60 characters. */
function acceptedName(raw: string): string {
  const name = raw.trim();
  if (breaksTheLine.test(name)) throw new ValidationError('Invalid request', { name: [fieldProblem('CONTROL_CHARACTERS')] });
  if (!name) throw new ValidationError('Invalid request', { name: [fieldProblem('TOO_SHORT', { count: 1 })] });
  if (name.length > 60) throw new ValidationError('Invalid request', { name: [fieldProblem('TOO_LONG', { count: 60 })] });
  return name;
}

/** The URL as it will be saved, or a ValidationError on `url` saying why it is refused. */
async function acceptedUrl(raw: string, options: AgentUrlOptions): Promise<string> {
  const url = raw.trim();
  const { problem } =
    url.length > 2048
      ? { problem: 'The URL is too long' }
      : breaksTheLine.test(url)
        ? { problem: 'The URL must be one line without control characters' }
        : await checkAgentUrl(url, options);
  if (problem === null) return url;
  const reason = problem.charAt(0).toLowerCase() + problem.slice(1);
  throw new ValidationError(`This URL cannot be an agent's address: ${reason}`, { url: [fieldProblem('AGENT_URL_REFUSED', { reason })] });
}

const agentChanged = () => new ConflictError('The agent changed meanwhile; try again', 'CONCURRENT_CHANGE');

/** A partner's write found the agent gone (or never theirs): not found; else it changed under the write. */
const ofPartnerFailed = (sub: string, id: string) => (current: AgentItem | undefined) =>
  !current || current.partnerSub !== sub || current.removedAt ? new AgentNotFoundError(id) : agentChanged();

/** Conditions of every partner's write: the agent is theirs and not removed. */
const isPartnersLive = (sub: string) => ({ partnerSub: { equals: sub }, removedAt: { absent: true as const } });

/** The partner's live agent `id`, read consistently; AgentNotFoundError when it is not theirs, or removed. */
async function agentOfPartner(sub: string, id: string): Promise<AgentItem> {
  const agent = await readItem(agentItem, { id }, { consistent: true });
  if (!agent || agent.partnerSub !== sub || agent.removedAt) throw new AgentNotFoundError(id);
  return agent;
}

/** An agent by its id (removed ones too), or undefined. */
export async function findAgent(id: string): Promise<AgentItem | undefined> {
  return readItem(agentItem, { id }, { consistent: true });
}

/**
 * Adds an agent to a partner: the agent, its id in the partner's list (held to the limit), the pointer
 * by its key (unique) and, when an operator adds it, the audit entry, in one transaction that also
 * checks the account is a partner. Answers the agent with its key: the only time it is shown but rotation.
 */
export async function addAgent(
  input: { partnerSub: string; name: string; url: string; key?: string },
  by: AgentActor,
  options: AgentUrlOptions = {},
  now = new Date(),
): Promise<{ agent: AgentItem; key: string }> {
  if (input.key !== undefined && !givenKeyPattern.test(input.key))
    throw new ValidationError('The key must be 16 to 200 printable characters without spaces', { key: [fieldProblem('INVALID_FORMAT')] });
  const name = acceptedName(input.name);
  const url = await acceptedUrl(input.url, options);
  const key = input.key ?? generateAgentKey();
  const agent: AgentItem = {
    id: timeSortableId(now.getTime()),
    partnerSub: input.partnerSub,
    name,
    url,
    key,
    createdAt: now.toISOString(),
    createdBy: 'operator' in by ? by.operator.email : by.partner.email,
  };
  const audit: TransactPart[] =
    'operator' in by
      ? [
          auditPart(
            {
              operator: by.operator,
              action: 'agent.add',
              target: { type: 'agent', id: agent.id },
              after: { partner: agent.partnerSub, name: agent.name, url },
            },
            now,
          ),
        ]
      : [];
  await transact([
    partnerCheckPart(input.partnerSub, () => new PartnersOnlyError()),
    txUpdate(
      partnerAgentsItem,
      { sub: input.partnerSub },
      {
        set: { sub: input.partnerSub },
        addToSet: { ids: new Set([agent.id]) },
        when: { anyOf: [{ ids: { absent: true } }, { ids: { sizeLessThan: maxAgentsPerPartner } }] },
        ifExists: false,
        onConditionFailed: () => new TooManyAgentsError(),
      },
    ),
    txPutNew(agentItem, agent, agentChanged),
    txPutNew(agentByKeyItem, { keyHash: hashAgentKey(key), agentId: agent.id }, () => new AgentKeyInUseError()),
    ...audit,
  ]);
  return { agent, key };
}

/** The ids of a partner's live agents. */
async function agentIdsOf(sub: string): Promise<string[]> {
  return [...((await readItem(partnerAgentsItem, { sub }, { consistent: true }))?.ids ?? [])];
}

/** A partner's live agents, oldest first. */
export async function listAgentsOfPartner(sub: string): Promise<AgentItem[]> {
  const ids = await agentIdsOf(sub);
  const batch = await readItems(
    agentItem,
    ids.map((id) => ({ id })),
  );
  // BatchGet reads eventually: an agent added a moment ago may be missing from it, so those are read again, consistently.
  const found = new Set(batch.map((a) => a.id));
  const late = await Promise.all(ids.filter((id) => !found.has(id)).map((id) => findAgent(id)));
  const agents = [...batch, ...late.filter((a) => a !== undefined)];
  return agents.filter((a) => a.partnerSub === sub && !a.removedAt).sort((a, b) => a.id.localeCompare(b.id));
}

/** Every live agent, oldest first (one partition: operators' list, and the poller). */
export async function listAllAgents(): Promise<AgentItem[]> {
  return readPartition(agentItem, { id: '' }, { filter: { removedAt: { absent: true } } });
}

/**
 * A partner's change to their agent, in one conditional update: a new name, a new URL (checked as on
 * adding), paused (the time of the first pause is kept) or resumed. Answers the agent as it is now.
 */
export async function updateAgent(
  sub: string,
  id: string,
  change: { name?: string; url?: string; paused?: boolean },
  options: AgentUrlOptions = {},
  now = new Date(),
): Promise<AgentItem> {
  const url = change.url === undefined ? undefined : await acceptedUrl(change.url, options);
  const set = { ...(change.name === undefined ? {} : { name: acceptedName(change.name) }), ...(url === undefined ? {} : { url }) };
  if (!Object.keys(set).length && change.paused === undefined) return agentOfPartner(sub, id);
  const updated = await updateItem(
    agentItem,
    { id },
    {
      set,
      ...(change.paused === true ? { setIfUnset: { pausedAt: now.toISOString() } } : {}),
      ...(change.paused === false ? { remove: ['pausedAt' as const] } : {}),
      when: isPartnersLive(sub),
      onConditionFailed: ofPartnerFailed(sub, id),
    },
  );
  if (!updated) throw new AgentNotFoundError(id);
  return updated;
}

export const renameAgent = (sub: string, id: string, name: string) => updateAgent(sub, id, { name });
export const setAgentUrl = (sub: string, id: string, url: string, options: AgentUrlOptions = {}) => updateAgent(sub, id, { url }, options);
export const pauseAgent = (sub: string, id: string) => updateAgent(sub, id, { paused: true });
export const resumeAgent = (sub: string, id: string) => updateAgent(sub, id, { paused: false });

/** A new key for the partner's agent, the pointer moved with it in one transaction; the old key stops working at once. Answers the new key, once. */
export async function rotateAgentKey(sub: string, id: string): Promise<{ agent: AgentItem; key: string }> {
  const agent = await agentOfPartner(sub, id);
  const key = generateAgentKey();
  await transact([
    txUpdate(agentItem, { id }, { set: { key }, when: { ...isPartnersLive(sub), key: { equals: agent.key } }, onConditionFailed: ofPartnerFailed(sub, id) }),
    txDelete(agentByKeyItem, { keyHash: hashAgentKey(agent.key) }, { onConditionFailed: agentChanged }),
    txPutNew(agentByKeyItem, { keyHash: hashAgentKey(key), agentId: id }, () => new AgentKeyInUseError()),
  ]);
  return { agent: { ...agent, key }, key };
}

/**
 * The partner removes their agent: marked removed (its history stays for what it sold), its key
 * pointer deleted (its key no longer finds it) and its id out of the partner's list, in one transaction.
 */
export async function removeAgent(sub: string, id: string, now = new Date()): Promise<AgentItem> {
  const agent = await agentOfPartner(sub, id);
  const removedAt = now.toISOString();
  await transact([
    txUpdate(
      agentItem,
      { id },
      { set: { removedAt }, when: { ...isPartnersLive(sub), key: { equals: agent.key } }, onConditionFailed: ofPartnerFailed(sub, id) },
    ),
    txDelete(agentByKeyItem, { keyHash: hashAgentKey(agent.key) }, { onConditionFailed: agentChanged }),
    txUpdate(partnerAgentsItem, { sub }, { removeFromSet: { ids: new Set([id]) }, onConditionFailed: agentChanged }),
  ]);
  return { ...agent, removedAt };
}

/** An operator's write found the agent gone, or its block not as expected. */
const operatorFailed = (id: string, expectBlocked: boolean) => (current: AgentItem | undefined) =>
  !current || current.removedAt
    ? new AgentNotFoundError(id)
    : expectBlocked
      ? new ConflictError('This agent is not blocked', 'AGENT_NOT_BLOCKED', { id })
      : new ConflictError('This agent is already blocked', 'AGENT_ALREADY_BLOCKED', { id });

/** A live agent (not removed) by id, for an operator's write. */
async function liveAgent(id: string): Promise<AgentItem> {
  const agent = await findAgent(id);
  if (!agent || agent.removedAt) throw new AgentNotFoundError(id);
  return agent;
}

/** An operator blocks an agent (the platform stops using it) with a reason its partner sees, and the audit entry, in one transaction. */
export async function blockAgent(id: string, reason: string, by: OperatorRef, now = new Date()): Promise<AgentItem> {
  const agent = await liveAgent(id);
  const failed = operatorFailed(id, false);
  if (agent.blocked) throw failed(agent);
  const blocked = { reason, at: now.toISOString(), by };
  await transact([
    txUpdate(agentItem, { id }, { set: { blocked }, when: { blocked: { absent: true }, removedAt: { absent: true } }, onConditionFailed: failed }),
    auditPart(
      { operator: by, action: 'agent.block', target: { type: 'agent', id }, before: { state: agentState(agent, now) }, after: { state: 'blocked' }, reason },
      now,
    ),
  ]);
  return { ...agent, blocked };
}

/** An operator lifts an agent's block, with the audit entry, in one transaction. */
export async function unblockAgent(id: string, by: OperatorRef, now = new Date()): Promise<AgentItem> {
  const agent = await liveAgent(id);
  const failed = operatorFailed(id, true);
  if (!agent.blocked) throw failed(agent);
  const { blocked: _lifted, ...after } = agent;
  await transact([
    txUpdate(agentItem, { id }, { remove: ['blocked'], when: { blocked: { exists: true }, removedAt: { absent: true } }, onConditionFailed: failed }),
    auditPart(
      {
        operator: by,
        action: 'agent.unblock',
        target: { type: 'agent', id },
        before: { state: 'blocked', reason: agent.blocked.reason },
        after: { state: agentState(after, now) },
      },
      now,
    ),
  ]);
  return after;
}

/**
 * The agent whose key this is (the PUSH_SMS route knows an agent only by the key in the body): one
 * GetItem of the pointer by the key's hash, one of the agent, and the stored key compared in constant
 * time. Undefined for an unknown key, a rotated one, or a removed agent; a paused or blocked agent is
 * found (the caller decides by its state).
 */
export async function findAgentByKey(key: string): Promise<AgentItem | undefined> {
  if (!key || key.length > 512) return undefined;
  const pointer = await readItem(agentByKeyItem, { keyHash: hashAgentKey(key) }, { consistent: true });
  const agent = pointer && (await findAgent(pointer.agentId));
  if (!agent || agent.removedAt) return undefined;
  const stored = Buffer.from(agent.key, 'utf8');
  const given = Buffer.from(key, 'utf8');
  return stored.length === given.length && timingSafeEqual(stored, given) ? agent : undefined;
}

/** The partner's summary: since when, how many live agents, the most they may have. */
export async function partnerSummary(partner: Pick<UserItem, 'sub'> & { partnerSince: string }): Promise<{ since: string; agents: number; maxAgents: number }> {
  return { since: partner.partnerSince, agents: (await agentIdsOf(partner.sub)).length, maxAgents: maxAgentsPerPartner };
}

/** Every live agent with its partner (the e-mail from the partners' list, else the account: a partner whose role was revoked). */
export async function listAgentsWithPartners(): Promise<Array<{ agent: AgentItem; partner: { sub: string; email: string } }>> {
  const [agents, partners] = await Promise.all([listAllAgents(), listPartners()]);
  const emails = new Map(partners.map((p) => [p.sub, p.email]));
  const unknown = [...new Set(agents.map((a) => a.partnerSub).filter((sub) => !emails.has(sub)))];
  for (const user of await Promise.all(unknown.map((sub) => findUser(sub)))) if (user) emails.set(user.sub, user.email);
  return agents.map((agent) => ({ agent, partner: { sub: agent.partnerSub, email: emails.get(agent.partnerSub) ?? '' } }));
}

/** Makes the account a partner (accounts' grantPartner) and answers it with how many live agents it has (a partner again keeps its agents). */
export async function grantPartnerAccount(email: string, by: OperatorRef): Promise<PartnerRef & { agents: number }> {
  const partner = await grantPartner(email, by);
  return { ...partner, agents: (await agentIdsOf(partner.sub)).length };
}

/** Every partner, oldest first, with how many live agents each has. */
export async function listPartnersWithAgents(): Promise<Array<PartnerRef & { agents: number }>> {
  const [partners, agents] = await Promise.all([listPartners(), listAllAgents()]);
  const counts = new Map<string, number>();
  for (const agent of agents) counts.set(agent.partnerSub, (counts.get(agent.partnerSub) ?? 0) + 1);
  return partners.map((partner) => ({ ...partner, agents: counts.get(partner.sub) ?? 0 }));
}
