import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, isInternalAddress, pinnedAgent, webhookUrlProblem, type Resolver } from './ssrf';
import { signWebhook, backoffMs } from '../channels';

const resolves =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address }));
const deployed = (resolve: Resolver) => ({ local: false, resolve });

describe('webhook URL check (SSRF)', () => {
  it('knows internal addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) expect(isInternalAddress(a), a).toBe(false);
  });

  it("refuses every block of IANA's special-purpose registries, and the IPv6 forms that embed an IPv4 address", () => {
    const blocked = {
      // IPv4 Special-Purpose Address Registry
      '0.1.2.3': 'this network',
      '100.127.255.254': 'shared address space',
      '192.0.0.9': 'IETF protocol assignments',
      '192.0.2.10': 'TEST-NET-1',
      '192.31.196.1': 'AS112-v4',
      '192.52.193.1': 'AMT',
      '192.88.99.1': '6to4 relay anycast',
      '192.175.48.1': 'AS112 direct delegation',
      '198.19.255.1': 'benchmarking',
      '198.51.100.1': 'TEST-NET-2',
      '203.0.113.1': 'TEST-NET-3',
      '240.0.0.1': 'reserved',
      '255.255.255.255': 'limited broadcast',
      // IPv6 Special-Purpose Address Registry, and what embeds an IPv4 address
      '::7f00:1': 'IPv4-compatible ::/96 (127.0.0.1)',
      '::a00:1': 'IPv4-compatible ::/96 (10.0.0.1)',
      '::ffff:a9fe:a9fe': 'IPv4-mapped ::ffff:0:0/96 (169.254.169.254)',
      '::ffff:0:a00:1': 'IPv4-translated ::ffff:0:0:0/96',
      '64:ff9b::a00:1': 'NAT64 64:ff9b::/96 with 10.0.0.1',
      '64:ff9b::7f00:1': 'NAT64 64:ff9b::/96 with 127.0.0.1',
      '64:ff9b::5db8:d822': 'NAT64 64:ff9b::/96 with a public address (still not ours to reach)',
      '64:ff9b:1::a00:1': 'local-use NAT64 64:ff9b:1::/48',
      '100::1': 'discard-only 100::/64',
      '2001::1': 'Teredo 2001::/32',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2': 'Teredo with an obfuscated client',
      '2001:2::1': 'benchmarking 2001:2::/48',
      '2001:20::1': 'ORCHIDv2',
      '2001:db8::1': 'documentation 2001:db8::/32',
      '2002:7f00:1::1': '6to4 2002::/16 (127.0.0.1)',
      '2002:a00:1::1': '6to4 2002::/16 (10.0.0.1)',
      '2620:4f:8000::1': 'AS112 direct delegation',
      '3fff::1': 'documentation 3fff::/20',
      '5f00::1': 'SRv6 SIDs',
      'fc00::1': 'unique local',
      'fec0::1': 'site-local',
      'fe80::1%eth0': 'link-local with a zone',
      'ff02::1': 'multicast',
      'not-an-address': 'not an address',
    };
    for (const [address, what] of Object.entries(blocked)) expect(isInternalAddress(address), `${address}: ${what}`).toBe(true);
    for (const address of ['1.1.1.1', '192.0.1.1', '198.20.0.1', '2001:4860:4860::8888', '2a00:1450:4001::1', '2400:cb00::1', '2001:200::1']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('on a deployed stage refuses private IP literals and hosts resolving (any address) into private ranges', async () => {
    const publicDns = resolves('93.184.216.34');
    expect(await webhookUrlProblem('https://example.com/hook', deployed(publicDns))).toBeNull();
    expect(await webhookUrlProblem('https://93.184.216.34/hook', deployed(publicDns))).toBeNull();
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://0x7f000001/x',
    ]) {
      expect(await webhookUrlProblem(url, deployed(publicDns)), url).toBe('The URL points to a private address');
    }
    expect(await webhookUrlProblem('https://rebind.example/x', deployed(resolves('93.184.216.34', '10.0.0.1')))).toBe('The URL points to a private address');
    expect(await webhookUrlProblem('https://internal.example/x', deployed(resolves('192.168.0.10')))).toBe('The URL points to a private address');
    expect(
      await webhookUrlProblem(
        'https://nowhere.example/x',
        deployed(async () => Promise.reject(new Error('ENOTFOUND'))),
      ),
    ).toBe('The host does not resolve');
    expect(await webhookUrlProblem('http://example.com/x', deployed(publicDns))).toBe('The URL must use https');
    expect(await webhookUrlProblem('http://127.0.0.1:3000/x', deployed(publicDns))).toBe('The URL must use https');
  });

  it('locally also allows http or https to localhost/127.0.0.1, whose every address must be loopback; other hosts as deployed', async () => {
    const never: Resolver = async () => {
      throw new Error('must not resolve');
    };
    expect(await webhookUrlProblem('http://127.0.0.1:4000/hook', { local: true, resolve: never })).toBeNull();
    expect(await webhookUrlProblem('http://localhost:4000/hook', { local: true, resolve: resolves('127.0.0.1', '::1') })).toBeNull();
    expect(await webhookUrlProblem('http://localhost:4000/hook', { local: true, resolve: resolves('127.0.0.1', '10.0.0.1') })).toBe(
      'The URL points to a private address',
    );
    expect(await webhookUrlProblem('http://example.com/hook', { local: true, resolve: never })).toBe('The URL must use https');
    expect(await webhookUrlProblem('https://example.com/hook', { local: true, resolve: resolves('93.184.216.34') })).toBeNull();
    expect(await webhookUrlProblem('https://internal.example/hook', { local: true, resolve: resolves('10.0.0.7') })).toBe(
      'The URL points to a private address',
    );
    expect(await webhookUrlProblem('https://10.0.0.7/hook', { local: true, resolve: never })).toBe('The URL points to a private address');
    expect(await webhookUrlProblem('ftp://127.0.0.1/x', { local: true })).toBe('The URL must use https');
    expect(await webhookUrlProblem('nope', { local: true })).toBe('Not a valid URL');
  });

  it("allows plain http only when asked (a SIM-bank agent's URL), with the same address rules", async () => {
    const publicDns = resolves('93.184.216.34');
    const agent = (resolve: Resolver) => ({ local: false, resolve, schemes: 'http-or-https' as const });
    expect(await webhookUrlProblem('http://agent.example:8080/smshub', agent(publicDns))).toBeNull();
    expect(await webhookUrlProblem('https://agent.example/smshub.php', agent(publicDns))).toBeNull();
    expect(await webhookUrlProblem('http://agent.example/smshub', deployed(publicDns))).toBe('The URL must use https');
    expect(await webhookUrlProblem('http://agent.example/smshub', { local: false, resolve: publicDns, schemes: 'https' })).toBe('The URL must use https');
    for (const url of ['http://127.0.0.1:8080/x', 'http://10.0.0.5/x', 'http://localhost/x', 'http://[::1]/x']) {
      expect(await webhookUrlProblem(url, agent(publicDns)), url).toBe('The URL points to a private address');
    }
    expect(await webhookUrlProblem('http://rebind.example/x', agent(resolves('93.184.216.34', '192.168.1.2')))).toBe('The URL points to a private address');
    expect(await webhookUrlProblem('ftp://agent.example/x', agent(publicDns))).toBe('The URL must use http or https');
    expect(await webhookUrlProblem('http://user:pw@agent.example/x', agent(publicDns))).toBe('The URL must not contain credentials');
    // Locally an agent on this machine is reached over http too; elsewhere its every address must be public.
    expect(await webhookUrlProblem('http://127.0.0.1:4100/agent', { local: true, schemes: 'http-or-https' })).toBeNull();
    expect(await webhookUrlProblem('http://internal.example/agent', { local: true, resolve: resolves('10.0.0.7'), schemes: 'http-or-https' })).toBe(
      'The URL points to a private address',
    );
  });

  it('answers the addresses it checked, which are the ones a delivery may connect to', async () => {
    expect(await checkWebhookUrl('https://example.com/hook', deployed(resolves('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946')))).toEqual({
      problem: null,
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
    });
    expect(await checkWebhookUrl('https://[2606:4700::1111]/hook', deployed(resolves()))).toEqual({
      problem: null,
      addresses: [{ address: '2606:4700::1111', family: 6 }],
    });
  });
});

describe('the pinned dispatcher (DNS rebinding)', () => {
  const servers: Array<{ close(callback: () => void): unknown }> = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  });

  /** An HTTP server on a loopback address that records the Host header of what it gets. */
  async function receiverOn(host: string, port = 0) {
    const hosts: string[] = [];
    const server: Server = createServer((req, res) => {
      hosts.push(String(req.headers.host));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return { hosts, port: (server.address() as AddressInfo).port };
  }

  it('connects only to the checked address, whatever DNS would answer now, and keeps the URL host as Host', async () => {
    // Two receivers on one port: 127.0.0.1 stands for what DNS answers at delivery time (rebound),
    // 127.0.0.2 for the address the check accepted.
    const rebound = await receiverOn('127.0.0.1');
    const checkedOne = await receiverOn('127.0.0.2', rebound.port);
    let lookups = 0;
    const resolver: Resolver = async () => (lookups++ === 0 ? [{ address: '127.0.0.2' }] : [{ address: '127.0.0.1' }]);
    const target = await checkWebhookUrl(`http://localhost:${rebound.port}/hook`, { local: true, resolve: resolver });
    expect(target.problem).toBeNull();
    const agent = await pinnedAgent(target.problem === null ? target.addresses : [], { timeoutMs: 5000 });
    for (let i = 0; i < 3; i++) {
      const reply = await request(`http://localhost:${rebound.port}/hook`, { method: 'POST', body: '{}', dispatcher: agent });
      await reply.body.dump();
      expect(reply.statusCode).toBe(204);
    }
    // A name that DNS does not know at all is reached too: no lookup happens.
    const unknown = await request(`http://rebind.invalid:${rebound.port}/x`, { method: 'POST', body: '{}', dispatcher: agent });
    await unknown.body.dump();
    await agent.destroy();
    expect(lookups).toBe(1);
    expect(checkedOne.hosts).toEqual([...Array(3).fill(`localhost:${rebound.port}`), `rebind.invalid:${rebound.port}`]);
    expect(rebound.hosts).toEqual([]);
  });

  it('sends the URL host as TLS SNI while connecting to the pinned address', async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(new Error('the test only reads the name'));
      },
    });
    servers.push(tls);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const agent = await pinnedAgent([{ address: '127.0.0.1', family: 4 }], { timeoutMs: 5000 });
    await expect(
      request(`https://hooks.example.com:${(tls.address() as AddressInfo).port}/x`, { method: 'POST', body: '{}', dispatcher: agent }),
    ).rejects.toThrow();
    await agent.destroy();
    expect(names).toEqual(['hooks.example.com']);
  });
});

describe('webhook signature and backoff', () => {
  it('signs t.body with HMAC-SHA256', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).not.toBe(signWebhook('whsec_test', '{"a":2}', 1700000000));
  });
  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3600_000);
  });
});
