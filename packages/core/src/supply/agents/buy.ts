import { NumberType } from '@numbernest/contracts';
import { agentStockIn, stockByService, type CountryItem } from '../../catalogue';
import { purchaseRental, type RentalItem } from '../../rentals';
import { txPutNew, updateItem, readItems, transact } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { agentFinishItem } from '../../shared/db/items/rentals-agent-finish';
import { log } from '../../shared/log';
import { agentSharePercent, isLocalStage } from '../../shared/settings';
import type { UserItem } from '../../accounts';
import { getNumber } from './client';
import { agentNumber } from './numbers';
import { protocolCountryOfIso } from './protocol-countries';
import { agentState, type AgentItem } from './registry';
import { agentSumFromCents } from './sum';
import { usDollars } from './protocol';

/** An agent's GET_NUMBER may take this long (the protocol's own test fails an agent slower than 3 s). */
export const getNumberDeadlineMs = 3_000;
/** All agents tried for one purchase together: the customer never waits much longer than one agent's deadline. */
export const agentPurchaseBudgetMs = 3_500;
/** NO_NUMBERS after reporting stock this many times within `strikeWindowMs` blocks the agent's stock for `overReportingMs`. */
const strikesToBlock = 3;
const strikeWindowMs = 10 * 60_000;
export const overReportingMs = 30 * 60_000;

export interface AgentPurchase {
  user: UserItem;
  country: Pick<CountryItem, 'id' | 'iso' | 'dialCode'>;
  service: { id: number; code: string };
  /** The customer's `phoneException` prefixes (country code first): the agent must not give such a number. */
  exceptions: readonly string[];
  /** The purchase's idempotency key (the customer's order or a fresh one). */
  idempotencyKey: string;
  priceCents: number;
}

/** What the partner earns of an activation sold at this price. */
export const partnerShareCents = (priceCents: number) => Math.floor((priceCents * agentSharePercent()) / 100);

/**
 * A Temporary activation served by a partner's agent: the agents with fresh stock for the service in
 * the country are asked in turn (GET_NUMBER, `getNumberDeadlineMs` each, `agentPurchaseBudgetMs` in
 * all); the first number given that passes our checks is bought from the customer's balance through
 * the same purchase as any other Temporary number. Undefined when no agent gave one. A number given
 * and then not sold (refused, or the purchase failed) is handed back at once (FINISH_ACTIVATION 4).
 */
export async function buyFromAgents(purchase: AgentPurchase, started = Date.now()): Promise<RentalItem | undefined> {
  const countryName = protocolCountryOfIso(purchase.country.iso);
  if (!countryName) return undefined;
  const candidates = await agentsWithStock(purchase.country.id, purchase.service.id);
  for (const { agent, operator, reported } of candidates) {
    const left = agentPurchaseBudgetMs - (Date.now() - started);
    if (left < 250) break;
    const sumCents = partnerShareCents(purchase.priceCents);
    const result = await getNumber(
      agent,
      {
        country: countryName,
        service: purchase.service.code,
        operator,
        sum: agentSumFromCents(sumCents),
        currency: usDollars,
        ...(purchase.exceptions.length ? { exceptionPhoneSet: [...purchase.exceptions] } : {}),
      },
      { deadlineMs: Math.min(getNumberDeadlineMs, left), local: isLocalStage() },
    );
    if (!result.ok) {
      log.warn('agent skipped', { agentId: agent.id, failure: result.failure, detail: result.detail, ms: Math.round(result.ms) });
      continue;
    }
    const reply = result.reply;
    if (reply.status === 'NO_NUMBERS') {
      if (reported > 0) await strike(agent, 'NO_NUMBERS after reporting stock');
      continue;
    }
    if (reply.status !== 'SUCCESS') {
      log.warn('agent refused a number', { agentId: agent.id, error: reply.error });
      continue;
    }
    const activation = { agent, activationId: reply.activationId };
    if (purchase.exceptions.some((prefix) => reply.number.startsWith(prefix))) {
      await handBack(activation, 'a number with an excluded prefix');
      await strike(agent, 'gave a number with an excluded prefix');
      continue;
    }
    const number = await agentNumber(agent.id, reply.number, purchase.country);
    if (!number.ok) {
      await handBack(activation, number.reason);
      await strike(agent, `gave a number we cannot take (${number.reason})`);
      continue;
    }
    try {
      const { rental } = await purchaseRental({
        loadUser: async () => purchase.user,
        request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: purchase.service.id },
        idempotencyKey: purchase.idempotencyKey,
        agentSale: { agentId: agent.id, activationId: reply.activationId, partnerSub: agent.partnerSub, sumCents },
      });
      if (rental.agentSale?.activationId !== reply.activationId) await handBack(activation, 'the order was bought already'); // a replay answered the first purchase
      return rental;
    } catch (error) {
      await handBack(activation, `the purchase failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }
  return undefined;
}

/** The agents with fresh stock for the service, most stock first, each with the operator to ask for and what it reported. */
async function agentsWithStock(countryId: number, serviceId: number): Promise<Array<{ agent: AgentItem; operator: string; reported: number }>> {
  const stock = await agentStockIn(countryId);
  const offering = stock
    .map((s) => {
      const reported = stockByService(s.operators).get(serviceId) ?? 0;
      // One operator with stock (`any` when the agent names none), the one with the most.
      const operators = Object.entries(s.operators)
        .map(([operator, services]) => [operator, services[serviceId] ?? 0] as const)
        .filter(([, count]) => count > 0)
        .sort(([, a], [, b]) => b - a);
      return { agentId: s.agentId, operator: operators[0]?.[0] ?? 'any', reported };
    })
    .filter((s) => s.reported > 0);
  if (!offering.length) return [];
  const agents = new Map(
    (
      await readItems(
        agentItem,
        offering.map((s) => ({ id: s.agentId })),
      )
    ).map((a) => [a.id, a]),
  );
  const now = new Date();
  return offering
    .flatMap((s) => {
      const agent = agents.get(s.agentId);
      return agent && !agent.removedAt && agentState(agent, now) === 'active' ? [{ agent, operator: s.operator, reported: s.reported }] : [];
    })
    .sort((a, b) => b.reported - a.reported);
}

/**
 * A number the agent gave that we did not sell: the agent is told it was cancelled (status 4), by
 * the same queue that tells every end, so it is retried until the agent takes it.
 */
async function handBack({ agent, activationId }: { agent: AgentItem; activationId: string }, why: string): Promise<void> {
  const now = new Date().toISOString();
  log.warn('agent number handed back', { agentId: agent.id, activationId, why });
  await transact([
    txPutNew(agentFinishItem, {
      rentalId: `unsold:${agent.id}:${activationId}`,
      agentId: agent.id,
      activationId,
      status: 4,
      endedAt: now,
      attempts: 0,
      unsold: why.slice(0, 200),
      dueQueue: 'AGENT_FINISH',
      dueAt: now,
    }),
  ]).catch(() => undefined); // handed back already (the same activation id twice): once is enough
}

/**
 * Counts a strike against an agent (over-reporting, refused numbers); the `strikesToBlock`-th within
 * `strikeWindowMs` takes its stock off sale for `overReportingMs`, as the protocol's own platform does.
 */
async function strike(agent: AgentItem, why: string): Promise<void> {
  const now = Date.now();
  const recent = (agent.strikes ?? []).filter((at) => now - Date.parse(at) < strikeWindowMs);
  const strikes = [...recent, new Date(now).toISOString()];
  const block = strikes.length >= strikesToBlock;
  log.warn('agent strike', { agentId: agent.id, why, strikes: strikes.length, blocked: block });
  await updateItem(
    agentItem,
    { id: agent.id },
    block
      ? { set: { strikes: [], overReportingUntil: new Date(now + overReportingMs).toISOString(), lastError: `over-reporting: ${why}` } }
      : { set: { strikes } },
  );
}
