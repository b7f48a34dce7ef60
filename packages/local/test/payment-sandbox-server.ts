import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureError } from '@numbernest/core/errors';
import type { PaymentAdapter, PaymentEvent } from '@numbernest/core/money';
import { readBody } from '../src/http';
import { localPaymentValues } from '../src/payments/settings';
import type { PaymentSandbox, SandboxContext } from '../src/payments/types';

/**
 * Gives the adapters (through sst's Resource) and the sandboxes' notification makers (through
 * `localValue`) the same local secrets and settings, with `apiUrl` as the providers' base URL.
 * sst's Resource takes the environment once, on first access: call this before anything reads a secret.
 */
export function useLocalPaymentSecrets(apiUrl: string): void {
  process.env.SST_RESOURCE_App ??= JSON.stringify({ name: 'numbernest', stage: 'test' });
  for (const [name, value] of Object.entries(localPaymentValues(apiUrl))) process.env[`SST_RESOURCE_${name}`] = JSON.stringify({ value });
}

/**
 * For adapter tests: one local port as in the local cloud, serving the providers' sandboxes and a
 * minimal webhook route of ours per adapter that parses with it and replies as it says (no table
 * behind it). Sets the local secrets with this port as the providers' base URL: one server per
 * test file, started before anything reads a secret.
 */
export async function startSandboxServer(adapters: PaymentAdapter[], createSandboxes: ((context: SandboxContext) => PaymentSandbox)[]) {
  const received: PaymentEvent[] = [];
  const state = { refuseWebhooks: false };
  let sandboxes: PaymentSandbox[] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', appUrl);
    const adapter = adapters.find((a) => url.pathname === `/api/webhooks/${a.id}`);
    if (adapter) {
      const body = (await readBody(req)).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      const reply = await adapter
        .parseNotification({ body, headers, query: Object.fromEntries(url.searchParams) })
        .then((event) => (state.refuseWebhooks ? adapter.refuse(404, 'Unknown top-up', event) : (received.push(event), adapter.acknowledge(event))))
        .catch((error: Error) => adapter.refuse(error instanceof SignatureError ? 400 : 500, error.message));
      res.writeHead(reply.statusCode, { 'content-type': reply.contentType }).end(reply.body);
      return;
    }
    for (const sandbox of sandboxes) if (await sandbox.handle(req, res, url)) return;
    res.writeHead(404).end();
  };
  // A failure stays an unhandled rejection: it fails the test run that caused it.
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  useLocalPaymentSecrets(appUrl);
  sandboxes = createSandboxes.map((create) => create({ appUrl, log: () => {} }));
  return {
    appUrl,
    /** Events our webhook routes took, in order. */
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a top-up hands the adapter, with return URLs on the test port. */
export const checkoutInput = (appUrl: string, provider: string, topUpId: string, amountCents = 2500) => ({
  topUpId,
  amountCents,
  email: 'payer@example.com',
  accountSub: 'sandbox-payer',
  successUrl: `${appUrl}/${provider}/success?top_up=${topUpId}`,
  cancelUrl: `${appUrl}/${provider}/cancel?top_up=${topUpId}`,
  notifyUrl: `${appUrl}/api/webhooks/${provider}`,
});
