#!/usr/bin/env node
/**
 * Type-checks the SST infra (sst.config.ts + stacks/) offline: `npm run typecheck:infra`.
 *
 * `tsc` needs `.sst/platform` (SST's component sources, @pulumi/aws, config.d.ts), which only
 * `sst install` generates. Offline, `sst install` works when:
 *   - SST_SKIP_DEPENDENCY_CHECK=1: otherwise the CLI first downloads pulumi and bun from GitHub;
 *   - the bun it runs (`<user config dir>/sst/bin/bun`) is already there: we take that binary from
 *     the npm registry (@oven/bun-<platform>, the same file bun's own npm package ships) instead;
 *   - the npm registry is reachable: `sst install` looks the provider up there and `bun install`s
 *     the platform's dependencies (~400 MB, cached in ~/.bun afterwards).
 * Nothing else is fetched (SST_TELEMETRY_DISABLED=1 stops the telemetry post).
 *
 * bun is not a devDependency: `npm i bun` would put ~100 MB per platform variant into every
 * install for a tool that only this check uses, and npm 11 skips bun's postinstall anyway. The
 * registry tarball (38 MB) is also kept in npm's cache, so a fresh clone pays for it once per machine.
 *
 * Idempotent: each step is skipped when its result is already in place, so a warm run is tsc only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));
const sstDir = join(root, 'node_modules/sst');
const sstVersion = JSON.parse(readFileSync(join(sstDir, 'package.json'), 'utf8')).version;
/** The bun version the SST CLI pins (4.17.1 downloads bun-v1.2.1); SST reads the same variable. */
const bunVersion = process.env.SST_BUN_VERSION ?? '1.2.1';
const toolsDir = join(root, '.sst/tools');
const platformDir = join(root, '.sst/platform');
const stampFile = join(toolsDir, 'install.stamp');
const sstEnv = { ...process.env, SST_SKIP_DEPENDENCY_CHECK: '1', SST_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const isWindows = process.platform === 'win32';

const started = Date.now();
const step = (message) => console.log(`[typecheck:infra +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** Where the SST CLI looks for bun: Go's os.UserConfigDir() + /sst/bin. */
function sstBinDir() {
  const configDir =
    process.platform === 'darwin'
      ? join(homedir(), 'Library/Application Support')
      : isWindows
        ? process.env.APPDATA
        : (process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
  return join(configDir, 'sst/bin');
}

/** The @oven/bun-* package for this machine, with the same AVX2/musl choice the SST CLI makes. */
function bunPackage() {
  const cpuinfo = process.platform === 'linux' && existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const baseline = process.arch === 'x64' && process.platform === 'linux' && !/\bavx2\b/.test(cpuinfo) ? '-baseline' : '';
  const musl = process.platform === 'linux' && !process.report.getReport().header.glibcVersionRuntime ? '-musl' : '';
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  const arch = { x64: 'x64', arm64: 'aarch64' }[process.arch];
  if (!os || !arch) throw new Error(`No bun build for ${process.platform}/${process.arch}`);
  return `@oven/bun-${os}-${arch}${musl}${baseline}`;
}

function bunVersionAt(path) {
  if (!existsSync(path)) return undefined;
  const result = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function ensureBun() {
  const target = join(sstBinDir(), isWindows ? 'bun.exe' : 'bun');
  if (bunVersionAt(target) === bunVersion) return step(`bun ${bunVersion} already at ${target}`);

  const pkg = `${bunPackage()}@${bunVersion}`;
  step(`fetching ${pkg} from the npm registry`);
  const scratch = join(toolsDir, 'bun-download');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const packed = execFileSync('npm', ['pack', pkg, '--pack-destination', scratch, '--silent'], {
    cwd: scratch,
    encoding: 'utf8',
    shell: isWindows,
  });
  const tarball = packed.trim().split('\n').pop();
  execFileSync('tar', ['-xzf', join(scratch, tarball), '-C', scratch], { stdio: 'inherit' });
  // Copy next to the target, then rename: the CLI must never find a half-written bun.
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(scratch, 'package/bin', isWindows ? 'bun.exe' : 'bun'), `${target}.partial`);
  renameSync(`${target}.partial`, target);
  rmSync(scratch, { recursive: true, force: true });
  const installed = bunVersionAt(target);
  if (installed !== bunVersion) throw new Error(`${target} reports ${installed ?? 'nothing'}, expected ${bunVersion}`);
  step(`bun ${installed} copied to ${target}`);
}

/** What the generated platform depends on: the SST and bun versions and the app's providers. */
function installStamp() {
  const config = readFileSync(join(root, 'sst.config.ts'), 'utf8');
  return `${sstVersion} ${bunVersion} ${createHash('sha256').update(config).digest('hex').slice(0, 16)}`;
}

function platformIsCurrent() {
  const version = join(platformDir, 'version');
  return (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === installStamp() &&
    existsSync(version) &&
    readFileSync(version, 'utf8').trim() === sstVersion &&
    existsSync(join(platformDir, 'config.d.ts')) &&
    existsSync(join(platformDir, 'node_modules/@pulumi/aws/package.json'))
  );
}

function ensurePlatform() {
  if (platformIsCurrent()) return step(`.sst/platform is current (sst ${sstVersion})`);
  step('sst install (generates .sst/platform; fetches its packages from the npm registry)');
  // Any stage works: install only evaluates app() to learn the providers.
  const result = spawnSync(process.execPath, [join(sstDir, 'bin/sst.mjs'), 'install', '--stage', 'typecheck'], {
    cwd: root,
    env: sstEnv,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('sst install failed (see .sst/log/sst.log, or rerun with --print-logs)');
  mkdirSync(toolsDir, { recursive: true });
  writeFileSync(stampFile, installStamp());
}

/** Routes whose handler file is missing type-check fine but would fail `sst deploy`: say so. */
async function warnAboutMissingHandlers() {
  const { tsImport } = await import('tsx/esm/api');
  const { routes } = await tsImport(join(root, 'packages/functions/src/routes.ts'), import.meta.url);
  const missing = routes
    .map((route) => route.handler.slice(0, route.handler.lastIndexOf('.')))
    .filter((file) => !['.ts', '.js'].some((ext) => existsSync(join(root, 'packages/functions/src', file + ext))));
  if (missing.length) {
    console.warn(`warning: ${missing.length} route handler file(s) missing; deploy would fail until they exist:`);
    for (const file of [...new Set(missing)]) console.warn(`  packages/functions/src/${file}.ts`);
  }
}

function typecheck() {
  step('tsc -p tsconfig.infra.json');
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.infra.json')], { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

try {
  ensureBun();
  ensurePlatform();
  await warnAboutMissingHandlers();
  const status = typecheck();
  step(status === 0 ? 'infra type-check passed' : 'infra type-check FAILED');
  process.exit(status);
} catch (error) {
  console.error(`typecheck:infra: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
