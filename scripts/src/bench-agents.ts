/**
 * The partners' agents figure of `npm run bench`: a Temporary purchase through handler_api's getNumber
 * served by a partner's agent (the stand-in SIM bank, speaking only the SMSHub agent protocol, on a
 * port of its own on this machine) next to one served from our own numbers, in alternating rounds, and
 * the agent's own GET_NUMBER reply time measured apart (the core client straight to the bank), so
 * what the platform adds to the agent's time shows.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '@numbernest/local';
import { createSimBank } from '@numbernest/local/simbank/bank';
import { benchUser } from './bench-money';
import { percentile } from './percentile';

export interface AgentPurchaseTiming {
  count: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Our own US numbers are on the seed's area codes; the bank's on 404, so excluding these asks the agent. */
const ownUsPrefixes = '1201,1212,1213,1305,1312,1415,1646,1702,1917';

function figures(latencies: number[], errors: number): AgentPurchaseTiming {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(percentile(sorted, q) ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), errors };
}

/**
 * `callers` buyers, each buying `rounds` times from our numbers and as many from the agent: an account
 * may buy 10 activations in a few minutes (rentals/rules.ts), so 5 rounds of each.
 */
export async function benchAgentPurchases(cloud: LocalCloud, callers = 6, rounds = 5) {
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const { findUser, grantPartner } = await import('@numbernest/core/accounts');
  const { createApiKey } = await import('@numbernest/core/developer');
  const { addAgent, pollAgent, purchaseDecisionsOf } = await import('@numbernest/core/supply');
  const { getNumber, finishActivation } = await import('@numbernest/core/agent-protocol');

  // A bank with plenty of SIMs in the US (every purchase takes one for good: nothing finishes them).
  const sims = Array.from({ length: 2 * callers * rounds + 40 }, (_, i) => ({ phone: `1404555${String(1000 + i)}`, country: 'usa', operator: 'any' }));
  const bank = createSimBank({ platformUrl: cloud.url, sims, services: ['tg', 'wa', 'go', 'fb', 'ig'] });
  const server = createServer((req, res) => {
    void bank.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local/simbank/agent`;
  try {
    const partner = await benchUser(cloud);
    const by = { sub: 'bench', email: 'bench' };
    await grantPartner(partner.email, by);
    const { agent, key } = await addAgent({ partnerSub: partner.sub, name: 'Bench SIM bank', url }, { operator: by });
    bank.configure({ key });
    await pollAgent(agent);

    // The agent's own reply time: GET_NUMBER straight to the bank, each activation handed back at once.
    const direct: number[] = [];
    for (let i = 0; i < 20; i++) {
      const result = await getNumber(agent, { country: 'usa', service: 'go', operator: 'any', sum: '0.1', currency: 840 }, { deadlineMs: 3000, local: true });
      if (!result.ok || result.reply.status !== 'SUCCESS') continue;
      direct.push(result.ms);
      await finishActivation(agent, { activationId: result.reply.activationId, status: 4 }, { deadlineMs: 3000, local: true });
    }

    const buyers = await Promise.all(
      Array.from({ length: callers }, async () => {
        const { sub } = await benchUser(cloud);
        await applyLedgerTransaction({
          idempotencyKey: `bench-agents:${sub}`,
          changes: [{ sub, amountCents: 10_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
        });
        return { sub, key: (await createApiKey((await findUser(sub))!, 'bench agents')).key };
      }),
    );
    // A number is held for one service at a time: each round buys another service, so our own few US numbers last.
    const services = ['tg', 'wa', 'go', 'fb', 'ig'];
    const buy = async (key: string, fromAgent: boolean, service: string) => {
      const params = {
        api_key: key,
        action: 'getNumber',
        service,
        country: '187',
        ...(fromAgent ? { phoneException: ownUsPrefixes } : { phoneException: '1404' }),
      };
      const start = performance.now();
      const answer = await (await fetch(`${cloud.url}/stubs/handler_api.php?${new URLSearchParams(params)}`)).text();
      const took = performance.now() - start;
      const agentNumber = /^ACCESS_NUMBER:\d+:1404555/.test(answer);
      if (answer.startsWith('ACCESS_NUMBER') && agentNumber === fromAgent) return took;
      return undefined;
    };
    const latencies = { own: [] as number[], agent: [] as number[] };
    const errors = { own: 0, agent: 0 };
    // Alternating rounds: both see the same emulator and machine.
    for (let round = 0; round < rounds; round++) {
      for (const fromAgent of [false, true]) {
        if (fromAgent) await pollAgent(agent); // its stock as the poller keeps it (every 15 s)
        const took = await Promise.all(buyers.map(({ key }) => buy(key, fromAgent, services[round % services.length]!)));
        const kind = fromAgent ? 'agent' : 'own';
        for (const ms of took) {
          if (ms === undefined) errors[kind]++;
          else latencies[kind].push(ms);
        }
      }
    }
    // The router's own time in each purchase: its whole routing less the time the sources took to answer.
    const decisions = (await Promise.all(buyers.map(({ sub }) => purchaseDecisionsOf(sub)))).flat();
    const overhead = decisions.map((d) => d.ms - d.tried.reduce((sum, t) => sum + t.ms, 0));
    return {
      callers,
      routing: figures(overhead, 0),
      own: figures(latencies.own, errors.own),
      agent: figures(latencies.agent, errors.agent),
      agentReply: figures(direct, 20 - direct.length),
    };
  } finally {
    await bank.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function printAgentPurchases(figuresOf: Awaited<ReturnType<typeof benchAgentPurchases>>) {
  const row = (name: string, f: AgentPurchaseTiming) =>
    console.log(name.padEnd(52), String(f.p50).padStart(7), String(f.p99).padStart(7), String(f.count).padStart(7), String(f.errors).padStart(7));
  console.log(`\nPartners' agents: handler_api getNumber, ${figuresOf.callers} concurrent callers, alternating rounds`);
  console.log('operation'.padEnd(52), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'count'.padStart(7), 'errors'.padStart(7));
  row('getNumber served from our own numbers', figuresOf.own);
  row("getNumber served by a partner's agent", figuresOf.agent);
  row("  of which the agent's own GET_NUMBER (direct, apart)", figuresOf.agentReply);
  row('the router in each (candidates, rules, delivery, ranking)', figuresOf.routing);
}
