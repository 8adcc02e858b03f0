import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic, type Periodic } from '../periodic';
import type { OrderService } from './order-lifecycle';

/**
 * Every `intervalMs`: expire pending orders older than 24 h and retry e-mails that could not be
 * sent (see periodic.ts for how runs are paced and stopped).
 */
export function startOrderSweep(orders: OrderService, intervalMs: number, log: FastifyBaseLogger): Periodic {
  const run = async () => {
    await orders.expireStale(new Date());
    await orders.flushEmails();
  };
  return startPeriodic('order sweep', run, intervalMs, log);
}
