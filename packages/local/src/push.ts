import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pushSecretNames, type PushSecretName } from '@numbernest/core/notifications';
import { readBody, sendJson } from './http';

/**
 * The Web Push side of the local cloud.
 *
 * Keys: the VAPID pair the handlers read as `SST_RESOURCE_VapidPublicKey` / `…PrivateKey`, unless
 * `npm start` was started with those set (the person's own values win, as with SST). Generated
 * once and kept in the data dir (a browser's subscription is bound to the public key, so a new pair
 * on each start would silently break the subscriptions of a real browser); in memory for tests.
 *
 * The push service stand-in: `POST /_local/push/<id>` records what a push service would receive
 * (the encrypted body and the VAPID headers) and answers 201, as FCM and Mozilla's autopush do;
 * `GET /_local/push/<id>.json` lists it, newest last. An id starting with `gone-` answers 410 and one
 * starting with `missing-` 404 (an expired or unknown subscription), so the removal of gone
 * subscriptions can be seen locally.
 */
export const pushPath = '/_local/push';

export interface PushRecord {
  headers: Record<string, string>;
  body_base64: string;
  received_at: string;
}

/** A fresh P-256 pair, base64url: the public key uncompressed (65 bytes), the private scalar (32). */
export function generateVapidKeys(): Record<PushSecretName, string> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return { VapidPublicKey: raw.toString('base64url'), VapidPrivateKey: priv.d! };
}

function localVapidKeys(dataDir: string | undefined): Record<PushSecretName, string> {
  const file = dataDir && join(dataDir, 'vapid.json');
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<PushSecretName, string>;
  const keys = generateVapidKeys();
  if (file) writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** `SST_RESOURCE_<Name>` for each VAPID secret, the environment's own value first. */
export function pushResourceEnv(dataDir: string | undefined, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const own = pushSecretNames.every((name) => environment[`SST_RESOURCE_${name}`]);
  const keys = own ? undefined : localVapidKeys(dataDir);
  return Object.fromEntries(
    pushSecretNames.map((name) => [`SST_RESOURCE_${name}`, environment[`SST_RESOURCE_${name}`] ?? JSON.stringify({ value: keys![name] })]),
  );
}

const maxIds = 1000;
const maxPerId = 100;

export class PushService {
  private readonly received = new Map<string, PushRecord[]>();

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const rest = path.slice(`${pushPath}/`.length);
    if (req.method === 'GET' && rest.endsWith('.json')) {
      return sendJson(res, 200, this.received.get(decodeURIComponent(rest.slice(0, -'.json'.length))) ?? [], { 'cache-control': 'no-store' });
    }
    if (req.method !== 'POST' || !/^[A-Za-z0-9_-]{1,128}$/.test(rest)) return sendJson(res, 404, { message: 'Not found' });
    const body = await readBody(req);
    const record: PushRecord = {
      headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
      body_base64: body.toString('base64'),
      received_at: new Date().toISOString(),
    };
    const list = this.received.get(rest) ?? [];
    list.push(record);
    this.received.delete(rest); // re-inserted last: the oldest id goes first when the map is full
    this.received.set(rest, list.slice(-maxPerId));
    if (this.received.size > maxIds) this.received.delete(this.received.keys().next().value!);
    if (rest.startsWith('gone-')) return sendJson(res, 410, { message: 'Subscription expired' });
    if (rest.startsWith('missing-')) return sendJson(res, 404, { message: 'Subscription not found' });
    res.writeHead(201, { location: `${pushPath}/${rest}/message-${list.length}` }).end();
  }
}
