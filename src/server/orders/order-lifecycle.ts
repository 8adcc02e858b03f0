import type { FastifyBaseLogger } from 'fastify';
import { canApply, pendingCutoff, refusal } from '../../domain/order-lifecycle';
import type { AdminOrderDetail, OrderListQuery, ShipOrderBody } from '../../shared/orders';
import { ORDERS_PAGE_SIZE } from '../../shared/orders';
import type { SessionUser } from '../context';
import type { Db } from '../db/database';
import { conflict, notFound, serviceUnavailable } from '../../shared/errors';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/payment-provider';
import { restoreStock } from './fulfilment';
import { ordersCsv } from './order-csv';
import { deliverOrderEmails, enqueueOrderEmail } from './order-outbox';
import { createOrderRepository, toAdminOrderDetailDto, toAdminOrderDto, type OrderActor } from './order-repository';

export type OrderServiceDeps = { db: Db; payments: PaymentProvider; mailer: Mailer; log: FastifyBaseLogger };

const orderNotFound = () => notFound('There is no order with this id.');
const actorOf = (user: SessionUser): OrderActor => ({ kind: 'user', id: user.id, name: `${user.name} <${user.email}>` });

/**
 * What admins do with orders. Every transition runs in one transaction that row-locks the order
 * and re-checks its status there, so two admins (or two clicks) cannot apply it twice; each is
 * recorded in the timeline with who and when, and queues its e-mail in the same transaction.
 */
export function createOrderService({ db, payments, mailer, log }: OrderServiceDeps) {
  const orders = createOrderRepository(db);

  async function detail(id: string): Promise<AdminOrderDetail> {
    const order = await orders.findById(id);
    if (order === undefined) throw orderNotFound();
    return toAdminOrderDetailDto(order, await orders.timelineOf(id));
  }

  /** Sends queued e-mails now; a mail failure never fails the admin's action (the sweep retries). */
  async function flushEmails(): Promise<void> {
    try {
      await deliverOrderEmails(db, mailer, log);
    } catch (error) {
      log.error({ err: error }, 'order e-mails could not be delivered now; the sweep retries');
    }
  }

  return {
    detail,
    flushEmails,

    async list(query: OrderListQuery) {
      const page = await orders.listPage({ page: query.page ?? 1, pageSize: ORDERS_PAGE_SIZE, status: query.status });
      return { ...page, items: page.items.map(toAdminOrderDto) };
    },

    async exportCsv(query: Pick<OrderListQuery, 'status'>): Promise<string> {
      return ordersCsv(await orders.listAll({ status: query.status }));
    },

    async ship(id: string, body: ShipOrderBody, user: SessionUser): Promise<AdminOrderDetail> {
      await db.transaction().execute(async (trx) => {
        const repository = createOrderRepository(trx);
        const order = await repository.lockById(id);
        if (order === undefined) throw orderNotFound();
        if (!canApply('ship', order.status)) throw conflict(refusal('ship', order.status));
        const carrier = body.carrier === undefined || body.carrier === '' ? null : body.carrier;
        const tracking = body.trackingNumber === undefined || body.trackingNumber === '' ? null : body.trackingNumber;
        await repository.update(id, { status: 'shipped', shippedAt: new Date(), shippingCarrier: carrier, trackingNumber: tracking });
        const note = tracking === null ? null : `tracking ${tracking}${carrier === null ? '' : ` (${carrier})`}`;
        await repository.addEvent(id, order.status, 'shipped', actorOf(user), note);
        await enqueueOrderEmail(trx, id, 'shipped', order.customerEmail);
      });
      log.info({ orderId: id, by: user.id }, 'order marked shipped');
      await flushEmails();
      return detail(id);
    },

    /**
     * Refunds through the provider first (idempotent per order, so concurrent requests get one
     * refund), then moves the order to refunded and restores the stock a paid order took — in a
     * transaction that re-checks the status under the row lock, so that happens exactly once.
     */
    async refund(id: string, user: SessionUser): Promise<AdminOrderDetail> {
      const before = await orders.findById(id);
      if (before === undefined) throw orderNotFound();
      if (!canApply('refund', before.status)) throw conflict(refusal('refund', before.status));
      let refundId: string;
      try {
        ({ refundId } = await payments.refund({
          orderId: id,
          sessionId: before.providerSessionId,
          paymentReference: before.paymentReference,
          amountCents: before.totalCents,
        }));
      } catch (error) {
        log.error({ err: error, orderId: id }, 'refund failed at the payment provider');
        throw serviceUnavailable('The payment provider could not refund this order. Please try again shortly.');
      }
      const applied = await db.transaction().execute(async (trx) => {
        const repository = createOrderRepository(trx);
        const order = await repository.lockById(id);
        if (order === undefined) throw orderNotFound();
        // A concurrent request refunded it while we talked to the provider: same refund, nothing to do.
        if (order.status === 'refunded') return false;
        if (!canApply('refund', order.status)) throw conflict(refusal('refund', order.status));
        // Only a paid order took stock (needs_refund never did).
        if (order.status === 'paid') await restoreStock(trx, await repository.itemsOf(id));
        await repository.update(id, { status: 'refunded', refundedAt: new Date(), refundReference: refundId });
        await repository.addEvent(id, order.status, 'refunded', actorOf(user), `refund ${refundId}`);
        await enqueueOrderEmail(trx, id, 'refunded', order.customerEmail);
        return true;
      });
      log.info({ orderId: id, refundId, applied, by: user.id }, 'order refunded');
      await flushEmails();
      return detail(id);
    },

    /** Expires pending orders older than 24 h (test-mode ones too); returns how many. */
    async expireStale(now: Date): Promise<number> {
      const ids = await orders.stalePendingIds(pendingCutoff(now), 200);
      let expired = 0;
      for (const id of ids) {
        const done = await db.transaction().execute(async (trx) => {
          const repository = createOrderRepository(trx);
          const order = await repository.lockById(id);
          // Paid (or cancelled) since the list was read: leave it.
          if (order?.status !== 'pending') return false;
          await repository.update(id, { status: 'expired' });
          await repository.addEvent(id, 'pending', 'expired', { kind: 'system', id: null, name: 'Expiry sweep' }, 'pending for more than 24 hours');
          return true;
        });
        if (done) expired += 1;
      }
      if (expired > 0) log.info({ expired }, 'stale pending orders expired');
      return expired;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
