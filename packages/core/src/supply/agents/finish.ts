import { dueAgentFinishes, recordAgentFinishTry, type AgentFinish } from '../../rentals';
import { updateItem } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import { findAgent } from './registry';

/** A FINISH_ACTIVATION may take this long; the next try comes with the backoff. */
const finishDeadlineMs = 5_000;

/**
 * Tells agents how their activations ended (FINISH_ACTIVATION), each until it answers SUCCESS: the
 * status was fixed when the activation ended, so a retry never sends another. A removed agent is
 * no longer asked.
 */
export async function sendDueAgentFinishes(now = new Date()): Promise<{ sent: number; failed: number }> {
  const due = await dueAgentFinishes(now);
  if (!due.length) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  await Promise.all(
    due.map(async (finish) => {
      const outcome = await tellAgent(finish);
      const recorded = await recordAgentFinishTry(finish, outcome, new Date());
      // The agent's totals count an end (and a sale) once: with the first try of its finish that this
      // sender recorded. A number handed back unsold was never an activation.
      if (recorded && finish.attempts === 0 && finish.unsold === undefined) await countEnd(finish.agentId, finish.earnedCents);
      if (outcome.ok) sent++;
      else failed++;
    }),
  );
  return { sent, failed };
}

async function countEnd(agentId: string, earnedCents: number | undefined): Promise<void> {
  await updateItem(agentItem, { id: agentId }, { add: earnedCents === undefined ? { endedCount: 1 } : { endedCount: 1, soldCount: 1, earnedCents } });
}

async function tellAgent(finish: AgentFinish): Promise<{ ok: true } | { ok: false; error: string }> {
  const agent = await findAgent(finish.agentId);
  if (!agent || agent.removedAt) return { ok: true }; // nobody to tell any more
  const { finishActivation } = await import('../../shared/agent-protocol');
  const result = await finishActivation(
    agent,
    { activationId: finish.activationId, status: finish.status },
    { deadlineMs: finishDeadlineMs, local: isLocalStage() },
  );
  if (result.ok && result.reply.status === 'SUCCESS') return { ok: true };
  const error = result.ok ? `${result.reply.status}${'error' in result.reply ? `: ${result.reply.error}` : ''}` : `${result.failure}: ${result.detail}`;
  log.warn('agent finish not taken', { agentId: finish.agentId, rentalId: finish.rentalId, status: finish.status, error });
  return { ok: false, error };
}
