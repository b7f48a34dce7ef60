import { NumberType } from '@numbernest/contracts';
import { purchaseRental } from '../../rentals';
import { transact, txPutNew, updateItem } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { agentFinishItem } from '../../shared/db/items/rentals-agent-finish';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import type { SourceOutcome, SourceTry } from '../source-try';
import type { AgentPurchase, LiveAgentOffer } from './buy';
import { agentNumber } from './numbers';
import type { AgentItem } from './registry';

/** An agent's GET_NUMBER may take this long (the protocol's own test fails an agent slower than 3 s). */
export const getNumberDeadlineMs = 3_000;
/** Blocks an over-reporting agent's stock for this long, as the protocol's own platform does. */
export const overReportingMs = 30 * 60_000;

/** NO_NUMBERS after reporting stock (or a number we must refuse) this many times within `strikeWindowMs` blocks the agent's stock. */
const strikesToBlock = 3;
const strikeWindowMs = 10 * 60_000;

/**
 * Asks one live agent for a number (GET_NUMBER within `deadlineMs`, at most the protocol's 3 s) and
 * buys the one it gives, if it passes our checks, through the same purchase as any other Temporary
 * number. A number given and then not sold (refused, or the purchase failed) is handed back at once
 * (FINISH_ACTIVATION 4); NO_NUMBERS after reporting stock, or a number we must refuse, is a strike.
 * Only a purchase some agent has stock for loads the protocol's code (see shared/agent-protocol).
 */
export async function buyFromAgentOffer(
  purchase: AgentPurchase & { sumCents: number },
  { agent, operator, reported }: LiveAgentOffer,
  deadlineMs: number,
): Promise<SourceTry> {
  const started = Date.now();
  const tried = (outcome: SourceOutcome, detail?: string): SourceTry => ({ outcome, ...(detail ? { detail } : {}), ms: Date.now() - started });
  // The protocol's code only on this path (see shared/agent-protocol).
  const { getNumber, agentSumFromCents, usDollars, protocolCountryOfIso } = await import('../../shared/agent-protocol');
  const countryName = protocolCountryOfIso(purchase.country.iso);
  if (!countryName) return tried('no-numbers', 'a country the protocol does not name');
  const result = await getNumber(
    agent,
    {
      country: countryName,
      service: purchase.service.code,
      operator,
      sum: agentSumFromCents(purchase.sumCents),
      currency: usDollars,
      ...(purchase.exceptions.length ? { exceptionPhoneSet: [...purchase.exceptions] } : {}),
    },
    { deadlineMs: Math.min(getNumberDeadlineMs, deadlineMs), local: isLocalStage() },
  );
  if (!result.ok) {
    log.warn('agent skipped', { agentId: agent.id, failure: result.failure, detail: result.detail, ms: Math.round(result.ms) });
    return tried(result.failure === 'timeout' ? 'timeout' : 'failed', result.failure);
  }
  const reply = result.reply;
  if (reply.status === 'NO_NUMBERS') {
    // With excluded prefixes a NO_NUMBERS is no sign of over-reporting: its stock may all be excluded.
    if (reported > 0 && !purchase.exceptions.length) await strike(agent, 'NO_NUMBERS after reporting stock');
    return tried('no-numbers');
  }
  if (reply.status !== 'SUCCESS') {
    log.warn('agent refused a number', { agentId: agent.id, error: reply.error });
    return tried('refused', reply.error.slice(0, 100));
  }
  const activation = { agent, activationId: reply.activationId };
  if (purchase.exceptions.some((prefix) => reply.number.startsWith(prefix))) {
    await handBack(activation, 'a number with an excluded prefix');
    await strike(agent, 'gave a number with an excluded prefix');
    return tried('refused', 'a number with an excluded prefix');
  }
  const number = await agentNumber(agent.id, reply.number, purchase.country);
  if (!number.ok) {
    await handBack(activation, number.reason);
    await strike(agent, `gave a number we cannot take (${number.reason})`);
    return tried('refused', number.reason);
  }
  try {
    const { rental } = await purchaseRental({
      loadUser: async () => purchase.user,
      request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: purchase.service.id },
      idempotencyKey: purchase.idempotencyKey,
      agentSale: { agentId: agent.id, activationId: reply.activationId, partnerSub: agent.partnerSub, sumCents: purchase.sumCents },
    });
    if (rental.agentSale?.activationId !== reply.activationId) await handBack(activation, 'the order was bought already'); // a replay answered the first purchase
    return { ...tried('bought'), rental };
  } catch (error) {
    await handBack(activation, `the purchase failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
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
