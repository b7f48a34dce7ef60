/**
 * `npm run upstream-sms -- fivesim-demo 512000001 "Telegram code: 54321"`: delivers an SMS to one
 * activation of an upstream stand-in of the running local cloud (`npm start`), as its page's form
 * does; the buyer then reads it through the upstream's protocol (getStatus, /v1/user/check). Without
 * arguments it lists the stand-ins and their open activations.
 */
import { parseArgs } from 'node:util';
import { readRuntimeInfo } from './runtime';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: 'Telegram' }, help: { type: 'boolean', short: 'h' } },
});

const usage = 'Usage: npm run upstream-sms -- <stand-in name> <activation id> "<text>" [--from <sender>]';
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const running = readRuntimeInfo();
if (!running) {
  console.error('No local cloud is running: start it with `npm start` first.');
  process.exit(1);
}

interface Listed {
  kind: string;
  name: string;
  basePath: string;
}
interface Activation {
  id: string;
  phone: string;
  service: string;
  status: string;
}

const standIns = (await (await fetch(`${running.url}/_local/upstream.json`)).json()) as Listed[];
const [name, activationId, text] = positionals;

if (!name || !activationId || !text) {
  console.log(usage);
  for (const standIn of standIns) {
    const state = (await (await fetch(`${running.url}${standIn.basePath}/state.json`)).json()) as { activations: Activation[] };
    const open = state.activations.filter((a) => a.status === 'waiting' || a.status === 'received');
    console.log(`\n${standIn.name} (${standIn.kind}) at ${running.url}${standIn.basePath}`);
    console.log(open.length ? open.map((a) => `  ${a.id}  +${a.phone}  ${a.service}  ${a.status}`).join('\n') : '  no open activation');
  }
  process.exit(1);
}

const standIn = standIns.find((one) => one.name === name);
if (!standIn) {
  console.error(`No upstream stand-in named ${name}: ${standIns.map((one) => one.name).join(', ')}`);
  process.exit(1);
}
const response = await fetch(`${running.url}${standIn.basePath}/_sms`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ activationId, text, from: values.from }),
});
const answer = (await response.json()) as { message?: string; code?: string | null };
if (!response.ok) {
  console.error(answer.message ?? `HTTP ${response.status}`);
  process.exit(1);
}
console.log(`Delivered to activation ${activationId} at ${standIn.name}${answer.code ? ` (code ${answer.code})` : ' (no code found in the text)'}.`);
