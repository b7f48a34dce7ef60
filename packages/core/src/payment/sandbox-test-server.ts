import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '@numbernest/local/http';
import type { PaymentSandbox, SandboxContext } from '@numbernest/local/payments/types';
import { SignatureError } from '../errors';
import type { PaymentAdapter, PaymentEvent } from './provider';
import { useLocalPaymentSecrets } from './test-secrets';

/**
 * For adapter tests: one local port as in the local cloud, serving a provider's sandbox and a
 * minimal webhook route of ours that parses with the adapter and replies as it says. Sets the
 * local secrets with this port as the providers' base URL (call before anything reads them).
 */
export async function startSandboxServer(adapter: PaymentAdapter, createSandbox: (context: SandboxContext) => PaymentSandbox) {
  const received: PaymentEvent[] = [];
  const state = { refuseWebhooks: false };
  const sandboxRef: { current?: PaymentSandbox } = {};
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', appUrl);
    if (url.pathname === `/api/webhooks/${adapter.id}`) {
      const body = (await readBody(req)).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      const reply = await adapter
        .parseNotification({ body, headers, query: Object.fromEntries(url.searchParams) })
        .then((event) => (state.refuseWebhooks ? adapter.refuse(404, 'Unknown top-up', event) : (received.push(event), adapter.acknowledge(event))))
        .catch((error: Error) => adapter.refuse(error instanceof SignatureError ? 400 : 500, error.message));
      res.writeHead(reply.statusCode, { 'content-type': reply.contentType }).end(reply.body);
    } else if (!(await sandboxRef.current?.handle(req, res, url))) res.writeHead(404).end();
  };
  // A failure stays an unhandled rejection, as before: it fails the test run that caused it.
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  useLocalPaymentSecrets(appUrl);
  sandboxRef.current = createSandbox({ appUrl, log: () => {} });
  return {
    appUrl,
    /** Events our webhook route took, in order. */
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
  successUrl: `${appUrl}/${provider}/success?top_up=${topUpId}`,
  cancelUrl: `${appUrl}/${provider}/cancel?top_up=${topUpId}`,
  notifyUrl: `${appUrl}/api/webhooks/${provider}`,
});
