import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { finishActivation, getNumber, getServices, type AgentCallOptions } from '@numbernest/core/agent-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimBank, simBankPath, simBankUserAgent, type SimBank, type SimBankOptions } from '../src/simbank/bank';
import { localCloud } from '../src/testing';

const servers: Server[] = [];
const banks: SimBank[] = [];
afterAll(async () => {
  await Promise.all(banks.map((bank) => bank.stop()));
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listenOn(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A SIM bank of its own on an ephemeral port: the agent's URL the platform would be given. */
async function startBank(options: SimBankOptions = {}) {
  const bank = createSimBank({ key: 'bank-key', ...options });
  banks.push(bank);
  const origin = await listenOn(
    createServer((req, res) => {
      bank.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then(
        (handled) => void (handled || res.writeHead(404).end()),
        () => res.destroy(),
      );
    }),
  );
  return { bank, origin, agent: { url: `${origin}${simBankPath}/agent`, key: 'bank-key' } };
}

const local: AgentCallOptions = { deadlineMs: 3000, local: true };
const dollars = { sum: '0.1234', currency: 840 } as const;

/** A raw POST to see the bytes and headers the bank answers with. */
function rawPost(url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the SIM bank stand-in, driven by the platform client', () => {
  it('answers GET_SERVICES from its free SIMs, per country, operator and service', async () => {
    const { agent } = await startBank();
    const result = await getServices(agent, local);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.reply).toEqual({
      status: 'SUCCESS',
      countryList: [
        {
          country: 'england',
          operatorMap: { ee: { tg: 2, wa: 2, go: 2, fb: 2 }, vodafone: { tg: 1, wa: 1, go: 1, fb: 1 }, three: { tg: 1, wa: 1, go: 1, fb: 1 } },
        },
        { country: 'usa', operatorMap: { any: { tg: 3, wa: 3, go: 3, fb: 3 } } },
      ],
    });
  });

  it('gives a number none of whose prefixes are excepted, with a large activation id, and holds the SIM', async () => {
    const { agent, bank } = await startBank();
    const first = await getNumber(agent, { country: 'usa', operator: 'any', service: 'tg', ...dollars, exceptionPhoneSet: ['1201'] }, local);
    expect(first).toMatchObject({ ok: true, reply: { status: 'SUCCESS', number: '13125550103' } });
    const activationId = first.ok && first.reply.status === 'SUCCESS' ? first.reply.activationId : '';
    expect(activationId).toMatch(/^\d{19}$/);
    expect(BigInt(activationId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(bank.state.activations[0]).toMatchObject({ activationId, service: 'tg', sum: '0.1234', currency: 840, status: 'active' });
    // The only SIM outside the excepted prefix is busy now (for every service).
    expect(await getNumber(agent, { country: 'usa', operator: 'any', service: 'wa', ...dollars, exceptionPhoneSet: ['1201'] }, local)).toMatchObject({
      ok: true,
      reply: { status: 'NO_NUMBERS' },
    });
    const counts = await getServices(agent, local);
    expect(counts.ok && counts.reply.status === 'SUCCESS' && counts.reply.countryList[1]).toEqual({
      country: 'usa',
      operatorMap: { any: { tg: 2, wa: 2, go: 2, fb: 2 } },
    });
    // An operator it does not have, and a country it does not have.
    expect(await getNumber(agent, { country: 'england', operator: 'o2', service: 'tg', ...dollars }, local)).toMatchObject({ reply: { status: 'NO_NUMBERS' } });
    expect(await getNumber(agent, { country: 'russia', operator: 'any', service: 'tg', ...dollars }, local)).toMatchObject({ reply: { status: 'NO_NUMBERS' } });
    expect(await getNumber(agent, { country: 'england', operator: 'vodafone', service: 'tg', ...dollars }, local)).toMatchObject({
      reply: { status: 'SUCCESS', number: '447700900203' },
    });
  });

  it('finishes an activation idempotently: SUCCESS twice, the first status stands; an unknown id is an ERROR', async () => {
    const { agent, bank } = await startBank();
    const given = await getNumber(agent, { country: 'usa', operator: 'any', service: 'tg', ...dollars, exceptionPhoneSet: ['1201'] }, local);
    const activationId = given.ok && given.reply.status === 'SUCCESS' ? given.reply.activationId : '';
    expect(await finishActivation(agent, { activationId, status: 3 }, local)).toMatchObject({ ok: true, reply: { status: 'SUCCESS' } });
    expect(await finishActivation(agent, { activationId, status: 3 }, local)).toMatchObject({ ok: true, reply: { status: 'SUCCESS' } });
    expect(bank.state.activations[0]).toMatchObject({ activationId, status: 'finished', finish: 3, finishRequests: 2 });
    // Sold for tg: free again for the other services, never again for tg.
    const counts = await getServices(agent, local);
    expect(counts.ok && counts.reply.status === 'SUCCESS' && counts.reply.countryList[1]!.operatorMap).toEqual({ any: { tg: 2, wa: 3, go: 3, fb: 3 } });
    expect(await finishActivation(agent, { activationId: '9223372036854775807', status: 4 }, local)).toMatchObject({
      ok: true,
      reply: { status: 'ERROR', error: 'Unknown activation 9223372036854775807' },
    });
  });

  it('offers a cancelled number again for that service 4 times in all; status 1 stops offering it', async () => {
    const { agent } = await startBank({ sims: [{ phone: '447700900101', country: 'england', operator: 'ee' }] });
    const take = async (service: string) => {
      const result = await getNumber(agent, { country: 'england', operator: 'any', service, ...dollars }, local);
      return result.ok && result.reply.status === 'SUCCESS' ? result.reply.activationId : undefined;
    };
    for (let i = 0; i < 4; i++) {
      const id = await take('tg');
      expect(id, `issue ${i + 1}`).toBeDefined();
      expect(await finishActivation(agent, { activationId: id!, status: 4 }, local)).toMatchObject({ reply: { status: 'SUCCESS' } });
    }
    expect(await take('tg')).toBeUndefined();
    const wa = await take('wa');
    expect(await finishActivation(agent, { activationId: wa!, status: 1 }, local)).toMatchObject({ reply: { status: 'SUCCESS' } });
    expect(await take('wa')).toBeUndefined();
    expect(await take('go')).toBeDefined();
  });

  it('answers ERROR to a wrong key, and to every request before it has a key', async () => {
    const { agent } = await startBank();
    expect(await getServices({ ...agent, key: 'not-the-key' }, local)).toMatchObject({ ok: true, reply: { status: 'ERROR', error: 'Wrong key' } });
    expect(await getNumber({ ...agent, key: 'not-the-key' }, { country: 'usa', operator: 'any', service: 'tg', ...dollars }, local)).toMatchObject({
      ok: true,
      reply: { status: 'ERROR', error: 'Wrong key' },
    });
    const unconfigured = await startBank({ key: undefined });
    expect(await getServices(unconfigured.agent, local)).toMatchObject({ ok: true, reply: { status: 'ERROR' } });
    unconfigured.bank.configure({ key: 'bank-key' });
    expect(await getServices(unconfigured.agent, local)).toMatchObject({ ok: true, reply: { status: 'SUCCESS' } });
  });

  it('takes gzip or plain JSON, answers gzip when asked, and refuses a number sent as a string', async () => {
    const { agent } = await startBank();
    const body = '{"action":"GET_SERVICES","key":"bank-key"}';
    const zipped = await rawPost(agent.url, gzipSync(body), { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toMatchObject({ status: 'SUCCESS' });
    const plain = await rawPost(agent.url, Buffer.from(body), { 'content-type': 'application/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString('utf8'))).toMatchObject({ status: 'SUCCESS' });
    const stringId = await rawPost(agent.url, Buffer.from('{"action":"FINISH_ACTIVATION","key":"bank-key","activationId":"1000000000000000001","status":3}'), {
      'content-type': 'application/json',
    });
    expect(JSON.parse(stringId.bytes.toString('utf8'))).toEqual({ status: 'ERROR', error: 'activationId must be a JSON number (Ulong)' });
  });

  it('over-reports when switched to, and then answers NO_NUMBERS beyond its real stock', async () => {
    const { agent, bank } = await startBank();
    bank.state.switches.overReport = true;
    const counts = await getServices(agent, local);
    expect(counts.ok && counts.reply.status === 'SUCCESS' && counts.reply.countryList[1]!.operatorMap).toEqual({ any: { tg: 30, wa: 30, go: 30, fb: 30 } });
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await getNumber(agent, { country: 'usa', operator: 'any', service: 'tg', ...dollars }, local));
    expect(replies.map((r) => r.ok && r.reply.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'NO_NUMBERS']);
    // Its SIMs all busy for Telegram, it still reports them.
    const after = await getServices(agent, local);
    expect(after.ok && after.reply.status === 'SUCCESS' && after.reply.countryList[1]!.operatorMap.any!.tg).toBe(30);
  });

  it('when dropping answers HTTP 503, which the client reports as an http failure', async () => {
    const { agent, bank } = await startBank();
    bank.state.switches.drop = true;
    expect(await getServices(agent, local)).toMatchObject({ ok: false, failure: 'http', detail: 'HTTP 503: Service Unavailable' });
  });

  it('when slow, the client gives up at its deadline', async () => {
    const { agent, bank } = await startBank();
    bank.state.switches.slowMs = 5000;
    const started = Date.now();
    const result = await getServices(agent, { deadlineMs: 3000, local: true });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, failure: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(2950);
    expect(elapsed).toBeLessThan(3200);
  });
});

describe("the SIM bank's PUSH_SMS", () => {
  /** A platform stand-in that answers each push with the next of `answers` (the last one repeats). */
  async function receiver(answers: Array<{ status: number; body: string }>) {
    const pushes: Array<{ headers: IncomingHttpHeaders; body: string; path: string }> = [];
    const origin = await listenOn(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const bytes = Buffer.concat(chunks);
          pushes.push({
            headers: req.headers,
            path: req.url ?? '',
            body: (req.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'),
          });
          const answer = answers[Math.min(pushes.length, answers.length) - 1]!;
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        });
      }),
    );
    return { origin, pushes };
  }

  it('pushes until the platform answers SUCCESS, then never again: 3 deliveries of one smsId, numbers bare', async () => {
    const platform = await receiver([
      { status: 200, body: '{"status":"ERROR","error":"try again"}' },
      { status: 500, body: 'Internal Server Error' },
      { status: 200, body: '{"status":"SUCCESS"}' },
    ]);
    const { bank } = await startBank({ platformUrl: platform.origin, pushRetryMs: 100 });
    const sms = bank.deliverSms({ sim: '+447700900101', from: 'Telegram', text: 'Telegram code: 12345' });
    expect(sms.smsId).toBe('2000000000000000001');
    await until(() => platform.pushes.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 600)); // six retry intervals: nothing more comes
    expect(platform.pushes).toHaveLength(3);
    for (const push of platform.pushes) {
      expect(push.path).toBe('/api/agents/sms');
      expect(push.headers).toMatchObject({ 'content-encoding': 'gzip', 'user-agent': simBankUserAgent });
      expect(push.body).toBe(
        '{"action":"PUSH_SMS","key":"bank-key","smsId":2000000000000000001,"phone":447700900101,"phoneFrom":"Telegram","text":"Telegram code: 12345"}',
      );
    }
    expect(bank.state.smses[0]).toMatchObject({ smsId: sms.smsId, attempts: 3, delivered: true, lastOutcome: 'SUCCESS' });
  });

  it('with pushFails, takes the SUCCESS as lost and sends the same SMS again until switched off', async () => {
    const platform = await receiver([{ status: 200, body: '{"status":"SUCCESS"}' }]);
    const { bank } = await startBank({ platformUrl: platform.origin, pushRetryMs: 100 });
    bank.state.switches.pushFails = true;
    bank.deliverSms({ sim: '12015550101', from: '+15550001111', text: 'no activation on this SIM' });
    await until(() => platform.pushes.length >= 2);
    bank.state.switches.pushFails = false;
    await until(() => bank.state.smses[0]!.delivered);
    const seen = platform.pushes.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(platform.pushes).toHaveLength(seen);
    expect(new Set(platform.pushes.map((push) => /"smsId":(\d+),/.exec(push.body)?.[1]))).toEqual(new Set(['2000000000000000001']));
  });
});

describe("the SIM bank's page", () => {
  it('shows its SIMs, takes an SMS from the form and the switches, and serves its state as JSON', async () => {
    // No platform listens there: the SMS is kept and retried (not within this test).
    const { bank, origin } = await startBank({ platformUrl: 'http://127.0.0.1:9', pushRetryMs: 60_000 });
    const page = await fetch(`${origin}${simBankPath}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('+447700900101');
    expect(html).toContain('england');
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${origin}${simBankPath}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const sent = await form('/sms', { sim: '447700900203', from: 'WhatsApp', text: 'Your code 999-111' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(simBankPath);
    expect(bank.state.smses[0]).toMatchObject({ phone: '447700900203', phoneFrom: 'WhatsApp', text: 'Your code 999-111' });
    expect((await form('/switches', { slowMs: '250', drop: 'on' })).status).toBe(303);
    expect(bank.state.switches).toEqual({ slowMs: 250, overReport: false, drop: true, pushFails: false });
    const state = (await (await fetch(`${origin}${simBankPath}/state.json`)).json()) as { sims: unknown[]; smses: Array<{ smsId: string }> };
    expect(state.sims).toHaveLength(7);
    expect(state.smses[0]!.smsId).toBe('2000000000000000001');
    expect(await (await fetch(`${origin}${simBankPath}`)).text()).toContain('Your code 999-111');
  });
});

describe("the SIM bank's configuration", () => {
  it('takes its platform URL and key as JSON (what the code registering the agent calls), and answers with its key from then on', async () => {
    const { bank, origin, agent } = await startBank({ key: undefined });
    expect(await getServices(agent, local)).toMatchObject({ ok: true, reply: { status: 'ERROR', error: 'This SIM bank has no key yet' } });
    const configured = await fetch(`${origin}${simBankPath}/configure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platformUrl: 'http://127.0.0.1:9/', key: 'bank-key' }),
    });
    expect(await configured.json()).toEqual({ platformUrl: 'http://127.0.0.1:9', key: 'bank-key' });
    expect(bank.state).toMatchObject({ platformUrl: 'http://127.0.0.1:9', key: 'bank-key' });
    expect(await getServices(agent, local)).toMatchObject({ ok: true, reply: { status: 'SUCCESS' } });
  });
});

describe("the local cloud's SIM bank", () => {
  it('is mounted under /_local/simbank and answers ERROR to every agent request until the platform gives it a key', async () => {
    const origin = localCloud().apiUrl;
    const page = await fetch(`${origin}${simBankPath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SIM bank (local stand-in)');
    const state = (await (await fetch(`${origin}${simBankPath}/state.json`)).json()) as { platformUrl: string; key: string | null };
    expect(state).toMatchObject({ platformUrl: origin, key: null });
    expect(await getServices({ url: `${origin}${simBankPath}/agent`, key: 'any' }, local)).toMatchObject({
      ok: true,
      reply: { status: 'ERROR', error: 'This SIM bank has no key yet' },
    });
  });
});
