import type { ActivationFinish } from '../shared/agent-protocol';
import { readIndex, readItem, txPutNew, updateItem, type TransactPart } from '../shared/db';
import { agentFinishItem } from '../shared/db/items/rentals-agent-finish';
import type { BalanceChange } from '../money';
import type { RentalItem } from './items';

/** An activation a partner's agent served (the rental's `agentSale`). */
export type AgentSale = NonNullable<RentalItem['agentSale']>;

/** The protocol's final statuses (FINISH_ACTIVATION): 1 no longer for this service, 3 sold, 4 cancelled, 5 refunded after a code. */
export type FinishStatus = ActivationFinish;

export const agentFinishQueue = 'AGENT_FINISH';

/**
 * How an agent's activation ended, in the protocol's words: reported (no code came, or the number
 * was already used) is "no longer for this service" (1), as a reported number of ours is never sold
 * for that service again; refunded without a code, cancelled (4: the number may be offered again);
 * refunded after a code, returned (5); kept after a code, sold (3).
 */
export function finishStatusOf(rental: RentalItem, refunded: boolean, reported: 'not_delivered' | 'already_used' | undefined): FinishStatus {
  if (reported) return 1;
  const gotCode = rental.messagesCount > 0;
  if (refunded) return gotCode ? 5 : 4;
  return gotCode ? 3 : 4;
}

/**
 * The end's part that tells the agent: put only if new, so a second end of the same activation
 * (which the rental's own condition refuses anyway) can never send another status.
 */
export function agentFinishPart(rental: RentalItem & { agentSale: AgentSale }, status: FinishStatus, now: Date, onTaken: () => Error): TransactPart {
  return txPutNew(
    agentFinishItem,
    {
      rentalId: rental.id,
      agentId: rental.agentSale.agentId,
      activationId: rental.agentSale.activationId,
      status,
      ...(status === 3 ? { earnedCents: rental.agentSale.sumCents } : {}),
      endedAt: now.toISOString(),
      attempts: 0,
      dueQueue: agentFinishQueue,
      dueAt: now.toISOString(),
    },
    onTaken,
  );
}

/** The partner's earning for a sold activation, one ledger change in the end's transaction. */
export const partnerEarning = (rental: RentalItem & { agentSale: AgentSale }): BalanceChange => ({
  sub: rental.agentSale.partnerSub,
  amountCents: rental.agentSale.sumCents,
  kind: 'partner-earning',
  reference: rental.id,
  description: { key: 'partnerEarning', params: { service: rental.serviceName ?? '', country: rental.countryName } },
  // Earned for a sale that happened: a partner's deleted account still gets what it earned.
  allowDeletedAccount: true,
});

export type AgentFinish = Awaited<ReturnType<typeof dueAgentFinishes>>[number];

/** The finishes whose (next) try is due, oldest first, at most `limit`. */
export async function dueAgentFinishes(now = new Date(), limit = 200) {
  return readIndex(agentFinishItem, 'dueByTime', agentFinishQueue, { skTo: now.toISOString(), limit });
}

/** The finish of one rental, if its activation was an agent's and it ended. */
export const findAgentFinish = (rentalId: string) => readItem(agentFinishItem, { rentalId });

/** Backoff between tries, in seconds: 10 s at first (the protocol's own retry pace), up to 10 minutes. */
const retryDelaySeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Records a try: SUCCESS takes it out of the queue for good; anything else schedules the next try.
 * Conditioned on the attempt count read, so two senders never both count one try: false when
 * another did.
 */
export async function recordAgentFinishTry(finish: AgentFinish, outcome: { ok: true } | { ok: false; error: string }, now = new Date()): Promise<boolean> {
  const attempts = finish.attempts + 1;
  const recorded = await updateItem(
    agentFinishItem,
    { rentalId: finish.rentalId },
    outcome.ok
      ? { set: { attempts, doneAt: now.toISOString() }, remove: ['dueQueue', 'dueAt', 'lastError'], when: { attempts: { equals: finish.attempts } } }
      : {
          set: { attempts, lastError: outcome.error.slice(0, 300), dueAt: new Date(now.getTime() + retryDelaySeconds(attempts) * 1000).toISOString() },
          when: { attempts: { equals: finish.attempts } },
        },
  );
  return recorded !== undefined;
}
