import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eachLine, stopChild, track } from '../children';
import { freePort, waitFor } from '../net';

export interface CognitoLocal {
  /** cognito-local itself (the proxy is what clients should use). */
  endpoint: string;
  port: number;
  /** Its state directory (a temp dir when none was given). */
  dir: string;
  /**
   * Resolves once every log line cognito-local wrote before this call has reached `onLog`: the mails of
   * every request it has answered are in the mailbox (a test's signal that a request mailed nothing).
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface CognitoLocalOptions {
  /** State directory; undefined = a temp dir removed on stop. */
  dir?: string;
  port?: number;
  /** The domain tokens name as their issuer: `<issuerDomain>/<userPoolId>`. */
  issuerDomain: string;
  /** Cognito triggers (trigger -> function name) and the Lambda endpoint that runs them. */
  triggers?: { functions: Record<string, string>; lambdaEndpoint: string };
  /** Each JSON log line cognito-local prints (codes it "delivers" arrive here). */
  onLog: (entry: Record<string, unknown>) => void;
  log: (line: string) => void;
}

const launcher = fileURLToPath(new URL('./launcher.cjs', import.meta.url));

/** cognito-local as a child process (cwd = its state dir), ready when /health answers. */
export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'numbernest-cognito-'));
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  writeFileSync(join(dir, '.cognito', 'config.json'), JSON.stringify(configOf(options), null, 2));

  const child = track(
    spawn(process.execPath, [launcher], {
      cwd: dir,
      // COLUMNS: the box it logs a mail in is wrapped at 80 columns otherwise, which splits a message's lines.
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_OPTIONS: '', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', COLUMNS: '100000' },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
    'cognito-local',
    options.log,
  );
  const output: string[] = [];
  const settling = new Map<number, () => void>();
  let settles = 0;
  eachLine(child.stdout, (line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (typeof entry.settled === 'number') {
        settling.get(entry.settled)?.();
        settling.delete(entry.settled);
      } else options.onLog(entry);
    } catch {
      output.push(line);
    }
  });
  eachLine(child.stderr, (line) => {
    output.push(line);
    options.log(`cognito-local: ${line}`);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  const failed = () => (child.exitCode !== null ? new Error(`cognito-local exited (${child.exitCode}):\n${output.join('\n')}`) : undefined);
  try {
    await waitFor(
      'cognito-local',
      async () => {
        const response = await fetch(`${endpoint}/health`);
        if (!response.ok) throw new Error(`health ${response.status}`);
      },
      { failed },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const settled = () =>
    new Promise<void>((resolve) => {
      const id = ++settles;
      settling.set(id, resolve);
      child.stdin!.write(`settle ${id}\n`);
    });
  return { endpoint, port, dir, settled, stop };
}

/** `.cognito/config.json`: its Lambda client is aws-sdk v2's, which keeps the endpoint's path. */
function configOf({ issuerDomain, triggers }: CognitoLocalOptions) {
  return {
    TokenConfig: { IssuerDomain: issuerDomain },
    ...(triggers && {
      TriggerFunctions: triggers.functions,
      LambdaClient: { endpoint: triggers.lambdaEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    }),
  };
}
