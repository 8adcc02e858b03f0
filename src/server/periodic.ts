import type { FastifyBaseLogger } from 'fastify';

export type Periodic = { stop: () => Promise<void> };

/**
 * Runs `task` every `intervalMs`, one run at a time (a tick while a run is in progress is
 * skipped); a failed run is logged and the next tick tries again. `stop()` clears the timer and
 * waits for a run in progress, so the app closes the database only after it. The timer never
 * keeps the process alive.
 */
export function startPeriodic(name: string, task: () => Promise<unknown>, intervalMs: number, log: FastifyBaseLogger): Periodic {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running !== undefined) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${name} failed; it runs again at the next interval`),
      )
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
