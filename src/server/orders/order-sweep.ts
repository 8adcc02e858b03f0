import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from './order-lifecycle';

/**
 * Every `intervalMs`: expire pending orders older than 24 h and retry e-mails that could not be
 * sent. One run at a time; `stop()` clears the timer and waits for a run in progress, so the app
 * closes the database only after it.
 */
export function startOrderSweep(orders: OrderService, intervalMs: number, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const run = async () => {
    await orders.expireStale(new Date());
    await orders.flushEmails();
  };
  const timer = setInterval(() => {
    if (running !== undefined) return;
    running = run()
      .catch((error: unknown) => {
        log.error({ err: error }, 'order sweep failed; it runs again at the next interval');
      })
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
