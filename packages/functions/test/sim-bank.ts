import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addAgent } from '@numbernest/core/supply';
import { createSimBank, type SimBank, type SimBankOptions } from '@numbernest/local/simbank/bank';
import { apiUrl } from './api';
import { as, createTestUser, type TestUser } from './auth-users';
import { testGranter } from './operators';

/** A stand-in SIM bank on a port of its own (it speaks only the agent protocol) and the URL of its agent. */
export interface ServedSimBank {
  bank: SimBank;
  agentUrl: string;
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
  return {
    bank,
    agentUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local/simbank/agent`,
    stop: async () => {
      await bank.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A new partner with the bank as its agent, added as the operators' CLI adds one; the bank is given the agent's key. */
export async function partnerWithAgent(served: ServedSimBank, name: string): Promise<{ partner: TestUser; agentId: string; agentKey: string }> {
  const partner = await createTestUser();
  await as(partner.idToken).get('/user');
  const { grantPartner } = await import('@numbernest/core/accounts');
  await grantPartner(partner.email, testGranter);
  const { agent, key } = await addAgent({ partnerSub: partner.sub, name, url: served.agentUrl }, { operator: testGranter });
  served.bank.configure({ key });
  return { partner, agentId: agent.id, agentKey: key };
}
