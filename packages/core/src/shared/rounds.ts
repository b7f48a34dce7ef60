/**
 * A scheduled run's rounds (the pollers of partners' agents and upstream activations): `rounds` calls
 * of `round`, `everyMs` apart from the run's start, the waits ended at once by `stop` (the local
 * cloud stopping: it waits for running jobs). A round that answers false ends the run.
 */
export function scheduledRounds() {
  let stopping: AbortController | undefined;
  return {
    stop(): void {
      stopping?.abort();
      stopping = undefined;
    },
    async run(rounds: number, everyMs: number, round: () => Promise<boolean | void>): Promise<void> {
      const started = Date.now();
      const { signal } = (stopping ??= new AbortController());
      for (let i = 0; i < rounds && !signal.aborted; i++) {
        const wait = started + i * everyMs - Date.now();
        if (wait > 0)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
        if (signal.aborted || (await round()) === false) break;
      }
    },
  };
}
