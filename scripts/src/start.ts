/**
 * `npm start` (built web app) and `npm run dev` (Vite with hot reload): the whole product on one
 * port over the local cloud, state in .data/. Ctrl-C stops everything it started.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  PortInUseError,
  assertPortFree,
  defaultHost,
  demoPartner,
  registerDemoSimBank,
  registerDemoUpstreams,
  startLocalCloud,
  webRoot,
  type LocalCloud,
} from '@numbernest/local';
import { dataDir, readRuntimeInfo, removeRuntimeInfo, writeRuntimeInfo } from './runtime';
import { buildWebApp } from './web-build';

const dev = process.argv.includes('--dev');
// The handlers' request lines would scroll the terminal away (the web app polls): `LOG_LEVEL=info npm start` shows them.
process.env.LOG_LEVEL ??= 'warn';
const port = Number(process.env.PORT ?? 3000);
// Loopback only unless HOST says otherwise: the local mailbox and the sandboxes' Pay buttons are for this machine.
const host = process.env.HOST || defaultHost;
const hasWebApp = existsSync(join(webRoot, 'index.html'));

const running = readRuntimeInfo();
if (running) {
  console.error(`NumberNest is already running at ${running.url} (pid ${running.pid}) over .data/ — stop it first.`);
  process.exit(1);
}
await assertPortFree(port, host).catch(exitOnPortInUse);

if (!dev && hasWebApp) {
  console.log('Building the web app (npm run build -w web)…');
  if (!buildWebApp(port)) {
    console.error('The web app did not build; see above.');
    process.exit(1);
  }
} else if (!hasWebApp) {
  console.warn('web/index.html does not exist yet: starting without the web app (the API still runs).');
}

// The last resort: an error that escaped every request's handling is logged, and the cloud (its
// emulators, mailbox and sandboxes with it) serves on instead of ending for everyone.
process.on('uncaughtException', (error) => console.error(`Uncaught, serving on: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) =>
  console.error(`Unhandled rejection, serving on: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`),
);

let cloud: LocalCloud | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 10_000).unref(); // never hang on the way out
  await cloud?.stop();
  removeRuntimeInfo();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('SIGHUP', () => void shutdown(129));

console.log(`Starting the local cloud on ${host}:${port} (DynamoDB Local, cognito-local, the API gateway)…`);
try {
  cloud = await startLocalCloud({
    port,
    host,
    dataDir,
    seed: true,
    web: hasWebApp ? (dev ? { mode: 'vite' } : { mode: 'dist', dir: join(webRoot, 'dist') }) : false,
  });
} catch (error) {
  exitOnPortInUse(error);
}
if (stopping) await new Promise(() => {}); // Ctrl-C came while starting: shutdown() exits
// Stock to sell beyond the seeded numbers: the stand-in SIM bank, a demo partner's agent.
const simBank = await registerDemoSimBank(cloud).then(
  () => `${cloud!.url}/_local/simbank (agent of the partner ${demoPartner.email}, password ${demoPartner.password})`,
  (error: unknown) => `not registered: ${error instanceof Error ? error.message : String(error)}`,
);
// And upstream providers' numbers: the two stand-ins, registered as upstreams with their opening deposits.
const upstreams = await registerDemoUpstreams(cloud).then(
  (list) => `${list.map((u) => u.name).join(', ')} at ${cloud!.url}/_local/upstream.json`,
  (error: unknown) => `not registered: ${error instanceof Error ? error.message : String(error)}`,
);
writeRuntimeInfo(cloud);
console.log(`
NumberNest is running at ${cloud.url}${dev ? ' (dev: hot reload)' : ''}
  Local mailbox (sign-up and password codes): ${cloud.url}/_local/mail
  Payments: TOP-UP Balance opens each provider's local sandbox checkout (no real money moves)
  Partner SIM bank: ${simBank}
  Upstream providers: ${upstreams}
  Ledger check: npm run ledger:check
  State: ${dataDir} (delete it for a fresh start). Ctrl-C stops.
`);

/** A taken port is a one-line message and exit code 1; anything else stays an error. */
function exitOnPortInUse(error: unknown): never {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
