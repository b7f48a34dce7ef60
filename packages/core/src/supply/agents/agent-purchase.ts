import { NumberType } from '@numbernest/contracts';
import { partnersBarred } from '../../accounts';
import { purchaseRental, type RentalItem } from '../../rentals';
import { readItems, transact, txPutNew, updateItem } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { agentFinishItem } from '../../shared/db/items/rentals-agent-finish';
import { log } from '../../shared/log';
import { isLocalStage, outsideSupplyBudgetMs } from '../../shared/settings';
import type { AgentOffer, AgentPurchase } from './buy';
import { agentNumber } from './numbers';
import { agentState, type AgentItem } from './registry';

/** An agent's GET_NUMBER may take this long (the protocol's own test fails an agent slower than 3 s). */
export const getNumberDeadlineMs = 3_000;
/** Blocks an over-reporting agent's stock for this long, as the protocol's own platform does. */
export const overReportingMs = 30 * 60_000;

/** NO_NUMBERS after reporting stock (or a number we must refuse) this many times within `strikeWindowMs` blocks the agent's stock. */
const strikesToBlock = 3;
const strikeWindowMs = 10 * 60_000;

/** buyFromAgents once some agent has stock: asks the live ones in turn, within the purchase's time. */
export async function buyFromOffers(
  purchase: AgentPurchase & { sumCents: number },
  offers: readonly AgentOffer[],
  started: number,
): Promise<RentalItem | undefined> {
  // The protocol's code only on this path (see shared/agent-protocol).
  const { getNumber, agentSumFromCents, usDollars, protocolCountryOfIso } = await import('../../shared/agent-protocol');
  const countryName = protocolCountryOfIso(purchase.country.iso);
  if (!countryName) return undefined;
  const candidates = await liveAgents(offers);
  const budgetMs = outsideSupplyBudgetMs();
  for (const { agent, operator, reported } of candidates) {
    const left = budgetMs - (Date.now() - started);
    if (left < 250) break;
    const sumCents = purchase.sumCents;
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
      // With excluded prefixes a NO_NUMBERS is no sign of over-reporting: its stock may all be excluded.
      if (reported > 0 && !purchase.exceptions.length) await strike(agent, 'NO_NUMBERS after reporting stock');
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

/** The offers of agents that are active now, in the offers' order, with their items. */
async function liveAgents(offers: readonly AgentOffer[]): Promise<Array<AgentOffer & { agent: AgentItem }>> {
  const agents = new Map(
    (
      await readItems(
        agentItem,
        offers.map((offer) => ({ id: offer.agentId })),
      )
    ).map((agent) => [agent.id, agent]),
  );
  const now = new Date();
  const live = offers.flatMap((offer) => {
    const agent = agents.get(offer.agentId);
    return agent && !agent.removedAt && agentState(agent, now) === 'active' ? [{ ...offer, agent }] : [];
  });
  // Its partner revoked, blocked or gone since the last poll: its stock is not sold meanwhile.
  const barred = await partnersBarred(live.map((offer) => offer.agent.partnerSub));
  return live.filter((offer) => !barred.has(offer.agent.partnerSub));
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
