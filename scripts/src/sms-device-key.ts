/**
 * `npm run sms:device-key -- <deviceId>`: the signing key to enter on that android-sms-gateway phone
 * (the app's Settings → Webhooks → Signing Key), derived from the stage's `SmsGatewaySigningKey` and
 * the phone's deviceId, and the SIMs the seed records as that phone's. On a stage run it inside
 * SST's shell, which links the secret:
 *   npx sst shell --stage NAME -- npm run sms:device-key -- gw-ua-01
 * Without a stage: the local cloud's secret (its default, or SST_RESOURCE_SmsGatewaySigningKey).
 */
import { parseArgs } from 'node:util';
import { gatewayDeviceKey } from '@numbernest/core/messaging';
import { seedCatalog } from '@numbernest/core/seed';
import { secretIfSet } from '@numbernest/core/settings';
import { localSmsValues } from '@numbernest/local/sms/settings';

const { positionals } = parseArgs({ allowPositionals: true });
const deviceId = positionals[0];
if (!deviceId) {
  const devices = [...new Set(seedCatalog.numbers.flatMap((n) => (n.source.provider === 'gateway' ? [n.source.deviceId] : [])))];
  console.error(`Usage: npm run sms:device-key -- <deviceId>\nPhones in the seed: ${devices.join(', ')} (and each phone registered in the console, gw-…)`);
  process.exit(1);
}

const secret = secretIfSet('SmsGatewaySigningKey') ?? localSmsValues('http://localhost').SmsGatewaySigningKey;
const sims = seedCatalog.numbers.filter((n) => n.source.provider === 'gateway' && n.source.deviceId === deviceId);
console.log(`Signing key of ${deviceId}: ${gatewayDeviceKey(secret, deviceId)}`);
if (sims.length) for (const n of sims) console.log(`  SIM ${n.source.provider === 'gateway' ? n.source.simNumber : '?'}: ${n.e164}`);
else console.log('  The seed records no SIM of this phone (a phone registered in the console lists its SIMs at /ops/sources).');
