import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Children we started. They are ended by stop(); the `exit` hook is the last resort when the
 * parent exits without calling stop (an uncaught error, process.exit in a test runner).
 */
const running = new Set<ChildProcess>();
const stopping = new WeakSet<ChildProcess>();
let hooked = false;

export function track(child: ChildProcess, name: string, log: (line: string) => void): ChildProcess {
  running.add(child);
  child.once('exit', (code, signal) => {
    running.delete(child);
    if (!stopping.has(child)) log(`${name} exited (${signal ?? code})`);
  });
  if (!hooked) {
    hooked = true;
    process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));
  }
  return child;
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child is gone. */
export function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Call `onLine` for each line the stream prints. */
export function eachLine(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}
