/**
 * `npm run sms -- --to +447700900123 --from Google --body "G-123456 is your Google verification code"`:
 * sends one inbound SMS to the running local cloud (`npm start`) through its SMS sandbox, which
 * posts the signed webhook of the upstream hosting the number (Twilio, or the android-sms-gateway
 * phone whose SIM it is) to the app's real route; prints what the app did with it. `--via twilio`
 * or `--via <deviceId>` sends it through another upstream instead (refused: it does not host the
 * number). Without --to it lists the numbers rented right now.
 */
import { parseArgs } from 'node:util';
import { readRuntimeInfo } from './runtime';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    from: { type: 'string', default: 'Google' },
    body: { type: 'string', default: 'G-123456 is your Google verification code.' },
    via: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const usage = 'Usage: npm run sms -- --to <E.164 number> [--from <sender id>] [--body <text>] [--via twilio|<gateway deviceId>]';
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const running = readRuntimeInfo();
if (!running) {
  console.error('No local cloud is running: start it with `npm start` first.');
  process.exit(1);
}

interface RentedNumber {
  e164: string;
  typeId: number;
  serviceName?: string;
  expiresAt: string;
}

if (!values.to) {
  const numbers = (await (await fetch(`${running.url}/_local/sms/numbers`)).json()) as RentedNumber[];
  console.log(usage);
  const types: Record<number, string> = { 1: 'Shared', 2: 'Private', 3: 'Temporary' };
  console.log(numbers.length ? '\nRented now:' : '\nNo number is rented right now (rent one in the app first).');
  for (const n of numbers) console.log(`  ${n.e164}  ${types[n.typeId] ?? n.typeId}${n.serviceName ? `  ${n.serviceName}` : ''}  until ${n.expiresAt}`);
  process.exit(1);
}

const response = await fetch(`${running.url}/_local/sms/send`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ to: values.to, from: values.from, body: values.body, ...(values.via ? { via: values.via } : {}) }),
});
const result = (await response.json()) as {
  message?: string;
  upstream: 'twilio' | 'gateway';
  deviceId?: string;
  url: string;
  messageSid: string;
  status: number;
  reply: string;
  record: null | { outcome: 'delivered'; rentalId: string; verified?: boolean } | { outcome: 'orphan'; reason: string };
};
if (!response.ok) {
  console.error(`The SMS sandbox refused it: ${result.message ?? response.status}`);
  process.exit(1);
}
const by = result.deviceId ? `phone ${result.deviceId}` : 'Twilio';
console.log(`${values.from} -> ${values.to} via ${by}: POST ${result.url} (${result.messageSid}) -> HTTP ${result.status}`);
if (result.record?.outcome === 'delivered') {
  const unverified = result.record.verified === false ? ' Unverified: only the text matched its service, so it is not its code and does not count as use.' : '';
  console.log(`Delivered to rental ${result.record.rentalId}.${unverified}`);
} else if (result.record?.outcome === 'orphan') console.log(`Nobody's: kept as an orphan SMS for operators (${result.record.reason}).`);
else console.log(result.reply);
process.exit(result.status === 200 ? 0 : 1);
