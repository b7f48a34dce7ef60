import { partnersBarred, type PartnerStanding } from '../../accounts';
import { dropAgentStock, listCountryItems, recordAgentStock, serviceCatalog, type AgentStock } from '../../catalogue';
import { updateItem } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { log } from '../../shared/log';
import { scheduledRounds } from '../../shared/rounds';
import { isLocalStage } from '../../shared/settings';
import { sendDueAgentFinishes } from './finish';
import { agentState, listAllAgents, type AgentItem } from './registry';
import { readStockReport } from './stock-report';

/** An agent's GET_SERVICES may take this long; a slower one keeps its last report until that goes stale. */
export const pollDeadlineMs = 5_000;
/** Agents polled at once. */
const concurrency = 50;

/**
 * What each agent last reported, by country, for recordAgentStock's `before` (a warm Lambda's
 * memory: a cold one rewrites every country once, and a country dropped meanwhile goes stale).
 */
const reported = new Map<string, Map<number, AgentStock>>();

export interface PollOutcome {
  agentId: string;
  ok: boolean;
  ms: number;
  total: number;
  error?: string;
}

/**
 * One poll of one agent: GET_SERVICES, its stock into the catalogue (what we cannot place kept on
 * the agent for operators), its health on the agent. A failure keeps the last report, which goes
 * stale on its own if the agent stays silent.
 */
export async function pollAgent(agent: AgentItem, now = new Date()): Promise<PollOutcome> {
  const { getServices, isoOfProtocolCountry } = await import('../../shared/agent-protocol');
  const result = await getServices(agent, { deadlineMs: pollDeadlineMs, local: isLocalStage() });
  const reply = result.ok ? result.reply : undefined;
  if (!reply || reply.status !== 'SUCCESS') {
    const error = result.ok ? `ERROR: ${reply && 'error' in reply ? reply.error : 'no status'}` : `${result.failure}: ${result.detail}`;
    await updateItem(
      agentItem,
      { id: agent.id },
      { set: { lastPollAt: now.toISOString(), lastLatencyMs: Math.round(result.ms), lastError: error.slice(0, 300) } },
    );
    return { agentId: agent.id, ok: false, ms: result.ms, total: agent.stockTotal ?? 0, error };
  }
  const [countries, services] = await Promise.all([listCountryItems(), serviceCatalog()]);
  const countryIdByIso = new Map(countries.map((c) => [c.iso, c.id]));
  const report = readStockReport(reply.countryList, {
    countryIdOfName: (name) => {
      const iso = isoOfProtocolCountry(name);
      return iso === undefined ? undefined : countryIdByIso.get(iso);
    },
    serviceIdOfCode: (code) => services.byCode.get(code)?.id,
  });
  reported.set(agent.id, await recordAgentStock(agent.id, report.stock, reported.get(agent.id) ?? new Map(), now));
  await updateItem(
    agentItem,
    { id: agent.id },
    {
      set: {
        lastPollAt: now.toISOString(),
        lastLatencyMs: Math.round(result.ms),
        stockTotal: report.total,
        stockCountries: [...report.stock.keys()],
        unknownCountries: report.unknownCountries.slice(0, 50),
        unknownServices: report.unknownServices.slice(0, 50),
      },
      remove: ['lastError'],
    },
  );
  return { agentId: agent.id, ok: true, ms: result.ms, total: report.total };
}

/** Takes an agent's stock off sale (not active: paused, blocked, over-reporting, removed). */
async function withdraw(agentId: string): Promise<void> {
  const countries = reported.get(agentId);
  if (!countries) return;
  await dropAgentStock(agentId, countries.keys());
  reported.delete(agentId);
}

const barredNotes: Record<PartnerStanding, string> = {
  'not-a-partner': 'Not polled: its account is no longer a partner',
  blocked: 'Not polled: its partner account is blocked',
  deleted: 'Not polled: its partner account was deleted',
};

/** Says on the agent, once, why it is no longer polled (its partner and the operators see it). */
async function noteBarred(agent: AgentItem, standing: PartnerStanding): Promise<void> {
  const note = barredNotes[standing];
  if (agent.lastError === note) return;
  await updateItem(agentItem, { id: agent.id }, { set: { lastError: note } });
}

/** One round over every live agent, `concurrency` at a time; inactive agents' stock is withdrawn. */
export async function pollAgentsOnce(now = new Date()): Promise<PollOutcome[]> {
  const agents = (await listAllAgents()).filter((agent) => agentState(agent, now) === 'active');
  // A partner no longer a partner, or blocked, or gone: their agents are neither polled nor sold.
  const barred = await partnersBarred(agents.map((agent) => agent.partnerSub));
  const active = agents.filter((agent) => !barred.has(agent.partnerSub));
  await Promise.all(agents.filter((agent) => barred.has(agent.partnerSub)).map((agent) => noteBarred(agent, barred.get(agent.partnerSub)!)));
  const live = new Set(active.map((a) => a.id));
  await Promise.all([...reported.keys()].filter((id) => !live.has(id)).map(withdraw));
  const outcomes: PollOutcome[] = [];
  const queue = [...active];
  const worker = async () => {
    for (let agent = queue.shift(); agent; agent = queue.shift()) {
      outcomes.push(
        await pollAgent(agent, now).catch((error: unknown) => {
          log.error('agent poll failed', { agentId: agent.id, error: String(error) });
          return { agentId: agent.id, ok: false, ms: 0, total: 0, error: String(error) };
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return outcomes;
}

/** The poller's pace: a scheduled run fires once a minute, and polls every agent this many times, this far apart. */
export const pollRounds = 4;
export const pollEveryMs = 15_000;

const agentRounds = scheduledRounds();
/** Ends a run's waits between rounds at once (the local cloud stopping: it waits for running jobs). */
export const stopAgentRounds = (): void => agentRounds.stop();

/**
 * One scheduled run (a minute): `pollRounds` rounds `pollEveryMs` apart, each polling every active
 * agent and telling agents the activations that ended since (FINISH_ACTIVATION, retried until taken).
 * So each agent is asked every 15 s, within the protocol's 10-20 s. Every round runs even with no
 * agent (an idle one is one query of the agents' partition): an agent its partner sets up mid-minute
 * is polled within 15 s, not at the next run.
 */
export async function runAgentRounds(
  rounds = pollRounds,
  everyMs = pollEveryMs,
): Promise<{ polls: number; failedPolls: number; finishes: number; failedFinishes: number }> {
  const totals = { polls: 0, failedPolls: 0, finishes: 0, failedFinishes: 0 };
  await agentRounds.run(rounds, everyMs, async () => {
    const [polls, finishes] = await Promise.all([pollAgentsOnce(), sendDueAgentFinishes()]);
    totals.polls += polls.length;
    totals.failedPolls += polls.filter((p) => !p.ok).length;
    totals.finishes += finishes.sent;
    totals.failedFinishes += finishes.failed;
  });
  return totals;
}
