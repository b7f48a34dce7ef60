import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addAgent, removeAgent } from '@numbernest/core/supply';
import { createSimBank, type SimBank, type SimBankOptions } from '@numbernest/local/simbank/bank';
import { apiUrl } from './api';
import type { TestUser } from './auth-users';
import { createPartner, testGranter } from './operators';

/** A stand-in SIM bank on a port of its own (it speaks only the agent protocol) and the URL of its agent. */
export interface ServedSimBank {
  bank: SimBank;
  agentUrl: string;
  /** The agents made for it (partnerWithAgent): removed when it stops, so no other file's polls call a bank that is gone. */
  agents: Array<{ partnerSub: string; id: string }>;
  stop: () => Promise<void>;
}

export async function serveSimBank(sims: SimBankOptions['sims']): Promise<ServedSimBank> {
  const bank = createSimBank({ platformUrl: apiUrl, sims, pushRetryMs: 200 });
  const server = createServer((req, res) => {
    void bank.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agents: ServedSimBank['agents'] = [];
  return {
    bank,
    agentUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local/simbank/agent`,
    agents,
    stop: async () => {
      await Promise.all(agents.map((agent) => removeAgent(agent.partnerSub, agent.id)));
      await bank.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A new partner with the bank as its agent, added as the operators' CLI adds one; the bank is given the agent's key. */
export async function partnerWithAgent(served: ServedSimBank, name: string): Promise<{ partner: TestUser; agentId: string; agentKey: string }> {
  const partner = await createPartner();
  const { agent, key } = await addAgent({ partnerSub: partner.sub, name, url: served.agentUrl }, { operator: testGranter });
  served.bank.configure({ key });
  served.agents.push({ partnerSub: partner.sub, id: agent.id });
  return { partner, agentId: agent.id, agentKey: key };
}

/** One handler_api request (the SMS-Activate protocol, as a developer's client sends it): the plain-text answer. */
export async function handlerApi(params: Record<string, string>): Promise<string> {
  return (await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams(params)}`)).text();
}
