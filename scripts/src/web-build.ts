import { spawnSync } from 'node:child_process';
import { repoRoot } from './runtime';

/**
 * The environment the web app is built with for a local cloud on `port`: the prerendered pages'
 * canonical and Open Graph URLs, sitemap.xml and robots.txt name that origin (a SITE_URL given by
 * hand still wins).
 */
export function localWebBuildEnv(port: number, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, SITE_URL: env.SITE_URL || `http://localhost:${port}` };
}

/** `npm run build -w web` for a local cloud on `port`; true when it built. */
export function buildWebApp(port: number): boolean {
  return spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit', env: localWebBuildEnv(port) }).status === 0;
}
