// `npm run e2e -w web`: build the web app, start the local cloud (in memory, seeded) serving the
// build on a free port, run Playwright against it, stop the cloud, exit with Playwright's code.
// With E2E_BASE_URL already set, only Playwright runs (against that server).
// Extra arguments go to `playwright test` (e.g. `npm run e2e -w web -- content.spec.ts`).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// web/dist by default; E2E_DIST_DIR keeps a run's build apart from other builds on the same checkout.
const distDir = resolve(process.env.E2E_DIST_DIR ?? resolve(webDir, 'dist'));

const run = (cmd, args, options = {}) =>
  new Promise((done) => {
    const child = spawn(cmd, args, { cwd: webDir, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });

/** First free port in 7100-7199 (this suite's range). */
async function freePort(from = 7100, to = 7199) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((ok) => {
      const server = createServer().once('error', () => ok(false));
      server.listen(port, '127.0.0.1', () => server.close(() => ok(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

/** The local cloud is TypeScript: tsx loads it into this process. */
async function startCloud(port) {
  // The handlers' request lines would bury Playwright's report: warnings only (LOG_LEVEL=info shows them).
  process.env.LOG_LEVEL ??= 'warn';
  // The catalogue's cache lifetime (default 60 s): operator-console.spec.ts changes a price and waits
  // one lifetime to see it on the landing page's picker; 5 s keeps that wait short.
  process.env.CATALOG_CACHE_SECONDS ??= '5';
  const { startLocalCloud } = await tsImport('@numbernest/local', import.meta.url);
  return startLocalCloud({
    port,
    seed: true,
    web: { mode: 'dist', dir: distDir },
    log: (line) => process.stderr.write(`[cloud] ${line}\n`),
  });
}

async function main() {
  const playwrightArgs = ['playwright', 'test', ...process.argv.slice(2)];
  if (process.env.E2E_BASE_URL) return run('npx', playwrightArgs);

  // The port first: the build's canonical URLs, sitemap.xml and robots.txt name the cloud's origin.
  // Held while the app builds, so another run on this machine cannot take it meanwhile.
  const port = await freePort();
  const held = createServer().listen(port, '127.0.0.1');
  const built = await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    env: { ...process.env, SITE_URL: `http://localhost:${port}` },
  });
  await new Promise((closed) => held.close(closed));
  if (built !== 0) return built;

  let cloud;
  const interrupt = async () => {
    await cloud?.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    cloud = await startCloud(port);
    console.log(`e2e: local cloud at ${cloud.url}`);
    return await run('npx', playwrightArgs, { env: { ...process.env, E2E_BASE_URL: cloud.url } });
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    return 1;
  } finally {
    await cloud?.stop();
  }
}

process.exit(await main());
