/**
 * `npm run sms -- --to +447700900123 --from Google --body "G-123456 is your Google verification code"`:
 * sends one inbound SMS to the running local cloud (`npm start`) through its SMS sandbox, which
 * posts Twilio's signed webhook to the app's real route; prints what the app did with it.
 * Without --to it lists the numbers rented right now.
 */
import { parseArgs } from 'node:util';
import { readRuntimeInfo } from './runtime';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    from: { type: 'string', default: 'Google' },
    body: { type: 'string', default: 'G-123456 is your Google verification code.' },
    help: { type: 'boolean', short: 'h' },
  },
});

const usage = 'Usage: npm run sms -- --to <E.164 number> [--from <sender id>] [--body <text>]';
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
  body: JSON.stringify({ to: values.to, from: values.from, body: values.body }),
});
const result = (await response.json()) as {
  message?: string;
  url: string;
  messageSid: string;
  status: number;
  reply: string;
  record: null | { outcome: 'delivered'; rentalId: string } | { outcome: 'orphan'; reason: string };
};
if (!response.ok) {
  console.error(`The SMS sandbox refused it: ${result.message ?? response.status}`);
  process.exit(1);
}
console.log(`${values.from} -> ${values.to}: POST ${result.url} (${result.messageSid}) -> HTTP ${result.status}`);
if (result.record?.outcome === 'delivered') console.log(`Delivered to rental ${result.record.rentalId}.`);
else if (result.record?.outcome === 'orphan') console.log(`Nobody's: kept as an orphan SMS for operators (${result.record.reason}).`);
else console.log(result.reply);
process.exit(result.status === 200 ? 0 : 1);
