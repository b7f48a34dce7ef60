import { apiUrl } from './api'; // first: points this process at the local cloud
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
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
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
});
