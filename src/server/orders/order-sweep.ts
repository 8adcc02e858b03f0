import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic, type Periodic } from '../periodic';
import type { OrderService } from './order-lifecycle';

/**
 * Every `intervalMs`: expire pending orders older than 24 h (see periodic.ts for how runs are
 * paced and stopped). E-mails are the mail worker's (order-outbox.ts).
 */
export function startOrderSweep(orders: OrderService, intervalMs: number, log: FastifyBaseLogger): Periodic {
  const run = async () => {
    await orders.expireStale(new Date());
  };
  return startPeriodic('order sweep', run, intervalMs, log);
}
