import { apiUrl } from './api'; // first: points this process at the local cloud
import { fiveSimAnswerSchemas, fiveSimRefusals, fiveSimRoutes } from '@numbernest/contracts/fivesim';
import { replySchemas, routesWithoutReplySchema } from '@numbernest/contracts/replies';
import { routeKey, routes } from '@numbernest/functions/routes';
import { describe, expect, it } from 'vitest';
import { get } from './api';

/** GET /api/openapi.json through the local gateway: OpenAPI 3.1, generated from the route table and the contracts. */
describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every /api route with its method', async () => {
    expect(apiUrl).toBeTruthy();
    const reply = await get('/openapi.json');
    expect(reply.status).toBe(200);
    const doc = reply.json as any;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    for (const route of routes.filter((r) => r.path.startsWith('/api/'))) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeTruthy();
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      if (route.auth) expect(op.security).toEqual([{ bearerAuth: [] }]);
      else expect(op.security).toBeUndefined();
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        expect(op.parameters.some((p: any) => p.in === 'path' && p.name === name && p.required === true)).toBe(true);
      }
    }
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') && !p.startsWith('/v1/'))).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('carries the zod contracts as JSON Schema', async () => {
    const doc = (await get('/openapi.json')).json as any;
    const balance = doc.paths['/api/user/balance'].get.responses['200'].content['application/json'].schema;
    expect(balance.type).toBe('object');
    expect(balance.properties.message.const).toBe('success');
    // Below zero only when a card payment was taken back (what the user owes).
    expect(balance.properties.balance).toEqual({ type: 'number' });
    const create = doc.paths['/api/user/api-keys'].post;
    expect(create.requestBody.content['application/json'].schema.type).toBe('object');
    expect(create.responses['200'].content['application/json'].schema.required).toContain('key');
    const transactions = doc.paths['/api/user/transactions'].get;
    expect(transactions.parameters.every((p: any) => p.in === 'query')).toBe(true);
    expect(doc.components.schemas.ErrorReply.properties.message.type).toBe('string');
  });

  it('is structurally sane: unique operation ids, every $ref resolves, no unrepresentable leftovers', async () => {
    const doc = (await get('/openapi.json')).json as any;
    const ids: string[] = [];
    for (const item of Object.values<any>(doc.paths)) for (const op of Object.values<any>(item)) ids.push(op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const text = JSON.stringify(doc);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      const target = ref!
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, key) => node?.[key], doc);
      expect(target, ref).toBeTruthy();
    }
  });

  it('has a reply schema, or a reason for none, for every /api route, and names no route the server lacks', () => {
    const apiRoutes = routes.filter((route) => route.path.startsWith('/api/')).map(routeKey);
    const withSchema = Object.keys(replySchemas);
    const withReason = Object.keys(routesWithoutReplySchema);
    expect(apiRoutes.filter((key) => !withSchema.includes(key) && !withReason.includes(key))).toEqual([]);
    expect([...withSchema, ...withReason].filter((key) => !apiRoutes.includes(key))).toEqual([]);
    expect(withSchema.filter((key) => withReason.includes(key))).toEqual([]);
  });

  it("documents each route's success reply with its schema from the contracts' reply map", async () => {
    const doc = (await get('/openapi.json')).json as any;
    const rentals = doc.paths['/api/user/rentals/{id}/extend'].post.responses['200'].content['application/json'].schema;
    expect(rentals.type).toBe('object');
    const revoke = doc.paths['/api/user/api-keys/{id}'].delete.responses['200'].content['application/json'].schema;
    expect(revoke.properties.message).toBeTruthy();
  });

  it('documents every route of the 5sim-compatible API from its contract: summary, path parameters, the API key on user routes', async () => {
    const doc = (await get('/openapi.json')).json as any;
    expect(doc.info.description).toMatch(/5sim-compatible API under \/v1/);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('Account → API') });
    const documented = Object.entries<any>(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(fiveSimRoutes.map((r) => `${r.method} ${r.path}`).sort());
    // The route table serves exactly those.
    expect(
      routes
        .filter((route) => route.path.startsWith('/v1/'))
        .map(routeKey)
        .sort(),
    ).toEqual(documented.sort());
    for (const route of fiveSimRoutes) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const key = `${route.method} ${route.path}`;
      expect(op.summary, key).toBe(route.summary);
      expect(op.tags).toEqual(['5sim']);
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        expect(
          op.parameters.some((p: any) => p.in === 'path' && p.name === name && p.required === true),
          `${key} {${name}}`,
        ).toBe(true);
      }
      if (route.access === 'user') {
        expect(op.security, key).toEqual([{ apiKey: [] }]);
        expect(op.responses['401'].content['text/plain'].schema.enum, key).toEqual(['Unauthorized']);
      } else {
        expect(op.security, key).toBeUndefined();
        expect(op.responses['401'], key).toBeUndefined();
      }
    }
    const buy = doc.paths['/v1/user/buy/activation/{country}/{operator}/{product}'].get;
    expect(buy.parameters.find((p: any) => p.name === 'maxPrice')).toMatchObject({ in: 'query', required: false, schema: { type: 'number' } });
    expect(buy.parameters.find((p: any) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
    expect(doc.paths['/v1/user/orders'].get.parameters.find((p: any) => p.name === 'category').schema.enum).toEqual(['activation', 'hosting']);
    const save = doc.paths['/v1/user/max-prices'].post.requestBody.content['application/json'].schema;
    expect(save.required).toEqual(['product_name']);
    expect(Object.keys(save.properties)).toEqual(['product_name', 'price']);
  });

  it("answers each 5sim route's JSON with its contract schema, and the refusals as plain text with their status", async () => {
    const doc = (await get('/openapi.json')).json as any;
    for (const route of fiveSimRoutes) {
      const key = `${route.method} ${route.path}`;
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const json = op.responses['200'].content?.['application/json']?.schema;
      if (key in fiveSimAnswerSchemas) expect(json?.type, key).toMatch(/^(object|array)$/);
      else expect(json, key).toBeUndefined();
      const refused = op.responses['400'].content['text/plain'].schema.enum;
      expect(refused, key).toEqual(
        Object.values(fiveSimRefusals)
          .filter((r) => r.status === 400)
          .map((r) => r.text),
      );
      expect(op.responses['429'].content['text/plain'].schema.enum).toEqual([fiveSimRefusals.rateLimit.text]);
    }
    const order = doc.paths['/v1/user/check/{id}'].get.responses['200'].content['application/json'].schema;
    expect(order.required).toEqual(expect.arrayContaining(['id', 'phone', 'status', 'expires', 'sms', 'country']));
    expect(order.properties.status.enum).toEqual(['PENDING', 'RECEIVED', 'CANCELED', 'TIMEOUT', 'FINISHED', 'BANNED']);
    const profile = doc.paths['/v1/user/profile'].get.responses['200'].content['application/json'].schema;
    expect(profile.properties.default_country.required).toEqual(['name', 'iso', 'prefix']);
    const prices = doc.paths['/v1/guest/prices'].get;
    expect(prices.parameters.map((p: any) => p.name)).toEqual(['country', 'product']);
    // "no free phones" is HTTP 200, as 5sim sends it: beside the order, on the routes that buy.
    for (const path of [
      '/v1/user/buy/activation/{country}/{operator}/{product}',
      '/v1/user/buy/hosting/{country}/{operator}/{product}',
      '/v1/user/reuse/{product}/{number}',
    ]) {
      const ok = doc.paths[path].get.responses['200'];
      expect(ok.content['text/plain'].schema.enum, path).toEqual(['no free phones']);
      expect(ok.content['application/json'].schema.properties.phone).toBeTruthy();
    }
    expect(doc.paths['/v1/user/check/{id}'].get.responses['200'].content['text/plain']).toBeUndefined();
    expect(doc.paths['/v1/user/profile'].get.responses['403'].content['text/plain'].schema.enum).toEqual(['account blocked']);
    expect(doc.paths['/v1/user/max-prices'].delete.responses['200']).toEqual({ description: expect.stringMatching(/empty body/) });
  });
});
