import { jobSchedules } from '@numbernest/functions/jobs/schedules';
import { loadHandler } from './gateway/gateway';

/** The scheduled functions of stacks/jobs.ts: the same list, handler exports and rates. */
export const scheduledJobs = jobSchedules.map((job) => ({ name: job.name, handler: job.handler, everyMs: job.everyMinutes * 60_000 }));

/**
 * The local stand-in for the Cron rules: each job runs at its rate (and once at start), one run
 * at a time. `run(name)` runs one now (tests, `POST /_local/jobs/<name>`).
 */
export function startJobTicker(log: (line: string) => void) {
  const running = new Map<string, Promise<unknown>>();
  const run = (name: string): Promise<unknown> => {
    const job = scheduledJobs.find((j) => j.name === name);
    if (!job) return Promise.reject(new Error(`No job ${name}`));
    const current =
      running.get(name) ??
      loadHandler<Record<string, never>>(job.handler)
        .then((handler) => handler({}, {} as never))
        .catch((error: unknown) => {
          log(`job ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        })
        .finally(() => running.delete(name));
    running.set(name, current);
    return current;
  };
  // `run` logs a failed job; the ticker carries on.
  const timers = scheduledJobs.map((job) => setInterval(() => void run(job.name).catch(() => undefined), job.everyMs));
  for (const job of scheduledJobs) run(job.name).catch(() => undefined);
  return {
    run,
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled(running.values());
    },
  };
}
