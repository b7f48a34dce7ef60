import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaHandlers } from '../../../scripts/src/lambda-bundles';
import { handlerNeeds, secretNeeds, tableActions, type Need } from '../src/links';
import { routes } from '../src/routes';

/**
 * Least privilege, checked on the data the stacks link from (stacks/links.ts reads the same
 * module): public routes get no pool and no secret but their own provider's, and every link a
 * function gets is one its code reads.
 */
const root = join(import.meta.dirname, '../../..');
const functionsSrc = join(root, 'packages/functions/src');
const fileOf = (handler: string) => join(functionsSrc, `${handler.slice(0, handler.lastIndexOf('.'))}.ts`);

/** Whose secrets a public webhook may read: the provider its path names. */
const webhookSecretPrefix: Record<string, string> = {
  '/api/webhooks/stripe': 'Stripe',
  '/api/webhooks/perfectmoney': 'PerfectMoney',
  '/api/webhooks/payeer': 'Payeer',
  '/api/webhooks/binance': 'BinancePay',
  '/api/webhooks/crypto': 'NowPayments',
  '/api/webhooks/sms/twilio': 'Twilio',
  '/api/webhooks/sms/gateway': 'SmsGateway',
  // Not a webhook: the forwarded e-mails' unsubscribe link, whose token it checks.
  '/api/unsubscribe/email': 'Unsubscribe',
  '/api/webhooks/whatsapp': 'WhatsApp',
  '/api/webhooks/telegram': 'Telegram',
  '/api/webhooks/messenger': 'Messenger',
};

const isSecret = (need: Need) => secretNeeds.includes(need);

describe('link data', () => {
  it('has a row for every function the stacks create, and no row for a handler nobody wires', () => {
    // Route table, socket routes, triggers and the handlers the stacks name (jobs, queue), as the bundle budget counts them.
    const wired = lambdaHandlers();
    expect(wired.length).toBeGreaterThan(50);
    expect(wired.filter((handler) => !handlerNeeds[handler])).toEqual([]);
    // Every row is a function the stacks create from an existing file: a row for a missing or unwired handler fails.
    expect(Object.keys(handlerNeeds).filter((handler) => !wired.includes(handler))).toEqual([]);
  });

  it('links no public route to the user pool, nor to a secret other than its own provider’s', () => {
    const publicRoutes = routes.filter((route) => !route.auth);
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const route of publicRoutes) {
      const needs = handlerNeeds[route.handler] ?? [];
      expect(needs, route.path).not.toContain('UserPool');
      expect(needs, route.path).not.toContain('UserPoolClient');
      const prefix = webhookSecretPrefix[route.path];
      const foreign = needs.filter((need) => isSecret(need) && !(prefix && need.startsWith(prefix)));
      expect(foreign, `${route.method} ${route.path}`).toEqual([]);
      if (prefix) expect(needs.filter(isSecret).length, route.path).toBeGreaterThan(0);
    }
  });

  it('gives the public catalogue and content routes the table and nothing more', () => {
    const catalogue = routes.filter((route) => !route.auth && /^(catalog|content)\//.test(route.handler));
    expect(catalogue.length).toBeGreaterThanOrEqual(9);
    for (const route of catalogue) expect(handlerNeeds[route.handler], route.path).toEqual(['Table']);
  });

  it('grants item and query actions on the table, nothing that deletes or re-creates it', () => {
    for (const action of tableActions) expect(action).toMatch(/^dynamodb:(Get|BatchGet|Put|Update|Delete|BatchWrite|ConditionCheck)Item$|^dynamodb:Query$/);
    expect(tableActions).not.toContain('dynamodb:*');
  });
});

/** The linkable names a handler's own code (workspace sources, not node_modules) mentions. */
async function namesInBundle(handler: string, names: readonly string[]): Promise<Set<string>> {
  const result = await build({
    entryPoints: [fileOf(handler)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'workspace-only',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@numbernest/') ? undefined : { path: args.path, external: true })),
      },
    ],
  });
  const text = result.outputFiles[0]!.text;
  return new Set(names.filter((name) => new RegExp(`["'.]${name}\\b`).test(text)));
}

describe('links against the code', () => {
  const present = Object.keys(handlerNeeds).filter((handler) => existsSync(fileOf(handler)));
  const allNames = [...new Set(Object.values(handlerNeeds).flat())];
  const paymentNames = secretNeeds.filter((need) => !/^(Twilio|SmsGateway|WhatsApp|Telegram|Messenger)/.test(need));

  it('every link is read by its function’s code, and its code reads nothing unlinked', async () => {
    expect(present.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const handler of present) {
      const needs = handlerNeeds[handler]!;
      const read = await namesInBundle(handler, allNames);
      for (const need of needs) if (!read.has(need)) problems.push(`${handler} is linked to ${need}, which its code never reads`);
      // Payment code is one module for all providers, so its bundles name every provider's secrets:
      // only functions without payment links must read none of them.
      const payments = needs.some((need) => paymentNames.includes(need));
      for (const name of read)
        if (!needs.includes(name as Need) && !(payments && paymentNames.includes(name as Need)))
          problems.push(`${handler} reads ${name} but is not linked to it`);
    }
    expect(problems).toEqual([]);
  });
});
