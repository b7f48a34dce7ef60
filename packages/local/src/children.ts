import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Pid files: a child that outlives its parent (the parent killed with SIGKILL, a crashed terminal)
 * keeps its port and its files locked. The parent records the child's pid; the next start reads
 * it and ends that process, but only when its command line still names what we started (a pid may
 * since belong to something else).
 */
export function writePidFile(file: string, child: ChildProcess): void {
  if (child.pid) writeFileSync(file, `${child.pid}\n`);
}

export function removePidFile(file: string): void {
  rmSync(file, { force: true });
}

/** Whether a process with this pid exists (signal 0 only asks). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The process's command line (Linux /proc, else `ps`); undefined when it cannot be read. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout.trim() : undefined;
  }
}

/**
 * Ends the process a pid file names if it is still running and its command line contains every
 * one of `marks` (SIGTERM, then SIGKILL after the grace period). The file is removed either way.
 * Resolves to the pid that was ended, if any.
 */
export async function endStaleChild(file: string, marks: string[], graceMs = 3000): Promise<number | undefined> {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  removePidFile(file);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  const command = commandLine(pid);
  if (!command || !marks.every((mark) => command.includes(mark))) return undefined;
  process.kill(pid, 'SIGTERM');
  if (!(await goneWithin(pid, graceMs))) {
    process.kill(pid, 'SIGKILL');
    await goneWithin(pid, graceMs);
  }
  return pid;
}

/** Polls until the process is gone or `ms` have passed; true when it is gone. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; isAlive(pid) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}
