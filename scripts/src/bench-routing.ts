/**
 * The router's figure of `npm run bench`: the time from an SMS reaching a number's source until the
 * developer API's getStatus answers STATUS_OK with its code, per kind of source, each pinned in turn
 * by an operator's source rule for Telegram in the United Kingdom (the agents' bench buys the US's): our own number (Twilio's webhook), a partner's
 * agent (the stand-in SIM bank's PUSH_SMS) and an upstream provider (the demo SMS-Activate stand-in,
 * read by the code poll every few seconds). All on this machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalCloud } from '@numbernest/local';
import { createSimBank } from '@numbernest/local/simbank/bank';
import { benchUser } from './bench-money';
import { percentile } from './percentile';

export interface TimeToCode {
  count: number;
  p50: number;
  max: number;
  errors: number;
}

type Kind = 'own' | 'agent' | 'upstream';

export async function benchTimeToCode(cloud: LocalCloud, rounds = 5): Promise<Record<Kind, TimeToCode>> {
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const { findUser, grantPartner } = await import('@numbernest/core/accounts');
  const { createApiKey } = await import('@numbernest/core/developer');
  const { listCountryItems, serviceCatalog } = await import('@numbernest/core/catalogue');
  const { addAgent, pollAgent, setSourceRule, forgetSourceRules } = await import('@numbernest/core/supply');
  const { registerDemoUpstreams } = await import('@numbernest/local');
  const { upstreamBasePath } = await import('@numbernest/local/upstream/index');
  const { twilioInboundRequest, post } = await import('@numbernest/local/sms/upstream');

  const bank = createSimBank({
    platformUrl: cloud.url,
    sims: Array.from({ length: rounds + 5 }, (_, i) => ({ phone: `447911${String(100_000 + i)}`, country: 'england', operator: 'any' })),
    services: ['tg'],
  });
  const server = createServer((req, res) => {
    void bank.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const by = { sub: 'bench', email: 'bench' };
  try {
    const partner = await benchUser(cloud);
    await grantPartner(partner.email, by);
    const { agent, key: agentKey } = await addAgent(
      { partnerSub: partner.sub, name: 'Bench time-to-code bank', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local/simbank/agent` },
      { operator: by },
    );
    bank.configure({ key: agentKey });
    const [hero] = await registerDemoUpstreams(cloud); // herosms-demo: SMS-Activate's protocol, Telegram in the UK among its stock
    const uk = (await listCountryItems()).find((c) => c.iso === 'gb')!;
    const telegram = [...(await serviceCatalog()).byId.values()].find((s) => s.slug === 'telegram')!;
    const pin = async (source: string) => {
      await setSourceRule({ country_id: uk.id, service_id: telegram.id, pin: source, exclude: [] }, by);
      forgetSourceRules();
    };

    const status = async (apiKey: string, id: string) =>
      (await fetch(`${cloud.url}/stubs/handler_api.php?${new URLSearchParams({ api_key: apiKey, action: 'getStatus', id })}`)).text();
    const deliver: Record<Kind, (phone: string, text: string) => Promise<void>> = {
      own: async (phone, text) => {
        const reply = await post(twilioInboundRequest({ appUrl: cloud.url, to: `+${phone}`, from: 'Telegram', body: text }));
        if (reply.status !== 200) throw new Error(`Twilio webhook: ${reply.status}`);
      },
      agent: async (phone, text) => void bank.deliverSms({ sim: phone, from: 'Telegram', text }),
      upstream: async (phone, text) => {
        const base = `${cloud.url}${upstreamBasePath('sms-activate', hero!.name)}`;
        const { activations } = (await (await fetch(`${base}/state.json`)).json()) as { activations: Array<{ id: string; phone: string }> };
        const activationId = activations.find((a) => a.phone.replace(/^\+/, '') === phone)?.id;
        const reply = await fetch(`${base}/_sms`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ activationId, text }),
        });
        if (!reply.ok) throw new Error(`stand-in SMS: ${reply.status}`);
      },
    };
    const sources: Record<Kind, string> = { own: 'own', agent: `agent:${agent.id}`, upstream: `upstream:${hero!.id}` };

    const figures = {} as Record<Kind, TimeToCode>;
    for (const kind of ['own', 'agent', 'upstream'] as const) {
      await pin(sources[kind]);
      if (kind === 'agent') await pollAgent(agent);
      const took: number[] = [];
      let errors = 0;
      for (let round = 0; round < rounds; round++) {
        // A buyer per activation: a new account may hold only a few at once.
        const { sub } = await benchUser(cloud);
        await applyLedgerTransaction({
          idempotencyKey: `bench-code:${sub}`,
          changes: [{ sub, amountCents: 1_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
        });
        const apiKey = (await createApiKey((await findUser(sub))!, 'bench time to code')).key;
        const bought = await (
          await fetch(`${cloud.url}/stubs/handler_api.php?${new URLSearchParams({ api_key: apiKey, action: 'getNumber', service: 'tg', country: '16' })}`)
        ).text();
        const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(bought) ?? [];
        if (!id || !phone) {
          errors++;
          continue;
        }
        const code = String(100_000 + round);
        const sent = performance.now();
        await deliver[kind](phone, `Telegram code: ${code}`);
        let answer = '';
        while (!answer.startsWith('STATUS_OK') && performance.now() - sent < 20_000) {
          answer = await status(apiKey, id);
          if (!answer.startsWith('STATUS_OK')) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        if (answer === `STATUS_OK:${code}`) took.push(performance.now() - sent);
        else errors++;
      }
      const sorted = took.sort((a, b) => a - b);
      figures[kind] = { count: sorted.length, p50: Math.round(percentile(sorted, 0.5) ?? 0), max: Math.round(sorted.at(-1) ?? 0), errors };
    }
    await setSourceRule({ country_id: uk.id, service_id: telegram.id, pin: null, exclude: [] }, by);
    return figures;
  } finally {
    await bank.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function printTimeToCode(figures: Record<Kind, TimeToCode>) {
  console.log('\nTime to code per source kind: an SMS reaching the source -> getStatus answers STATUS_OK (Telegram, UK, one source pinned at a time)');
  console.log('source'.padEnd(52), 'p50 ms'.padStart(7), 'max ms'.padStart(7), 'count'.padStart(7), 'errors'.padStart(7));
  const names: Record<Kind, string> = {
    own: 'our own number (Twilio webhook)',
    agent: "a partner's agent (PUSH_SMS)",
    upstream: 'an upstream provider (the code poll, every 5 s)',
  };
  for (const kind of ['own', 'agent', 'upstream'] as const) {
    const f = figures[kind];
    console.log(names[kind].padEnd(52), String(f.p50).padStart(7), String(f.max).padStart(7), String(f.count).padStart(7), String(f.errors).padStart(7));
  }
}
