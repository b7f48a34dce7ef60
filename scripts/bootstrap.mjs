#!/usr/bin/env node
// `npm start | dev | test | bench` land here. This file runs on a fresh clone, before
// node_modules exists, so it is plain JavaScript with node: built-ins only. It makes sure the
// machine has what the command needs (npm packages, Java for DynamoDB Local, Chromium for the
// end-to-end tests; never a downloaded browser), then runs the command itself with tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const commands = {
  start: { script: 'start.ts', args: [], java: true },
  dev: { script: 'start.ts', args: ['--dev'], java: true },
  test: { script: 'test.ts', args: [], java: true, chromium: true },
  bench: { script: 'bench.ts', args: [], java: true, chromium: true },
};

const name = process.argv[2];
const command = commands[name];
if (!command) fail(`Unknown command "${name}". Use one of: ${Object.keys(commands).join(', ')}.`);

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1'; // Chromium comes from Debian
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

ensureNpmPackages();
if (command.java && !has('java', ['-version'])) installDebianPackages(['openjdk-17-jre-headless'], 'Java (DynamoDB Local runs on it)');
if (command.chromium && !existsSync('/usr/bin/chromium')) installDebianPackages(['chromium'], 'Chromium (the end-to-end tests drive it)');

const script = join(root, 'scripts', 'src', command.script);
if (!existsSync(script)) fail(`scripts/src/${command.script} does not exist yet.`);
run(join(root, 'node_modules', '.bin', 'tsx'), [script, ...command.args, ...process.argv.slice(3)]);

/** `npm ci` on a fresh clone; `npm install` when node_modules no longer matches the lockfile. */
function ensureNpmPackages() {
  const lockfile = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) {
    const args = existsSync(lockfile) ? ['ci'] : ['install'];
    console.log(`Installing npm packages (npm ${args[0]})…`);
    runSync('npm', args);
  } else if (existsSync(lockfile) && !matchesLockfile(lockfile, installed)) {
    console.log('package-lock.json changed since the last install: npm install…');
    runSync('npm', ['install']);
  }
}

/** Every non-optional package of the lockfile is installed at its locked version. */
function matchesLockfile(lockfile, installed) {
  const wanted = JSON.parse(readFileSync(lockfile, 'utf8')).packages ?? {};
  const have = JSON.parse(readFileSync(installed, 'utf8')).packages ?? {};
  return Object.entries(wanted).every(
    ([path, entry]) => !path.startsWith('node_modules/') || entry.optional || entry.peer || have[path]?.version === entry.version,
  );
}

function installDebianPackages(packages, what) {
  const list = packages.join(' ');
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    fail(`${what} is missing. Install it, then run the command again:\n  sudo apt-get update && sudo apt-get install -y ${list}`);
  }
  if (!has('apt-get', ['--version'])) fail(`${what} is missing and there is no apt-get here. Install: ${list}`);
  console.log(`Installing ${what} from Debian: ${list}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  runSync('apt-get', ['update'], env);
  runSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], env);
}

function has(program, args) {
  return spawnSync(program, args, { stdio: 'ignore' }).status === 0;
}

function runSync(program, args, env = process.env) {
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) fail(`${program} ${args.join(' ')} failed${result.error ? `: ${result.error.message}` : ''}.`);
}

/** Run the command; pass Ctrl-C / SIGTERM on so it can stop what it started, and exit as it does. */
function run(program, args) {
  const child = spawn(program, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  // `kill <npm pid>` ends npm and its shell but not us: a new parent means "stop" too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && child.exitCode === null) child.kill('SIGTERM');
  }, 500).unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + signalNumber(signal) : 1)));
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGTERM: 15, SIGKILL: 9 }[signal] ?? 1;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
