/** What the outside-party clients (partners' agents, upstream providers) share: one deadline per call, and a network error in a line. */

/** The call's deadline fired before its answer. */
export class DeadlinePassed extends Error {}

/** Waits for `promise`, or rejects with DeadlinePassed when the signal fires first. */
export function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DeadlinePassed());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DeadlinePassed());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A network error in one line: its code (ECONNREFUSED…) and its cause's. */
export const describeNetworkError = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message})` : '';
  return `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}${cause}`;
};
