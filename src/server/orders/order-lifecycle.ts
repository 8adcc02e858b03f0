import type { FastifyBaseLogger } from 'fastify';
import { canApply, pendingCutoff, refusal } from '../../domain/order-lifecycle';
import type { AdminOrderDetail, OrderListQuery, RefundOrderBody, ShipOrderBody } from '../../shared/orders';
import { ORDERS_PAGE_SIZE, statusesOf, viewCounts } from '../../shared/orders';
import type { SessionUser } from '../context';
import type { Db } from '../db/database';
import { conflict, notFound } from '../../shared/errors';
import type { PaymentProvider } from '../payments/payment-provider';
import { holdsReservation, isPayable, reservationReleaseCutoff } from '../../domain/stock-reservation';
import { releaseReservation } from './fulfilment';
import { ordersCsvHeader, ordersCsvRecords } from './order-csv';
import { enqueueOrderEmail } from './order-outbox';
import { refundOrder } from './order-refunds';
import { createOrderRepository, toAdminOrderDetailDto, toAdminOrderDto, type OrderActor, type OrderRecord } from './order-repository';

export type OrderServiceDeps = {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after a transition that queued an e-mail committed: wakes the mail worker (never waited for). */
  onEmailQueued?: () => void;
};

/** Orders read per query by the CSV export. */
const EXPORT_BATCH_SIZE = 500;

const orderNotFound = () => notFound('There is no order with this id.');
const REFUND_STARTED =
  'A refund of this order has been started, so it cannot be marked shipped. If that refund did not finish, refund the order again.';
const actorOf = (user: SessionUser): OrderActor => ({ kind: 'user', id: user.id, name: `${user.name} <${user.email}>` });

/**
 * What admins do with orders. Every transition runs in one transaction that row-locks the order
 * and re-checks its status there, so two admins (or two clicks) cannot apply it twice; each is
 * recorded in the timeline with who and when, and queues its e-mail in the same transaction (the
 * mail worker sends it: no request waits for an SMTP server).
 */
export function createOrderService({ db, payments, log, onEmailQueued = () => undefined }: OrderServiceDeps) {
  const orders = createOrderRepository(db);

  async function detail(id: string): Promise<AdminOrderDetail> {
    const order = await orders.findById(id);
    if (order === undefined) throw orderNotFound();
    return toAdminOrderDetailDto(order, await orders.timelineOf(id));
  }

  return {
    detail,
    /** A request queued an e-mail (in its transaction, now committed): the worker sends it. */
    emailQueued: onEmailQueued,

    async list(query: OrderListQuery) {
      const page = await orders.listPage({ page: query.page ?? 1, pageSize: ORDERS_PAGE_SIZE, statuses: statusesOf(query) });
      return { ...page, items: page.items.map(toAdminOrderDto) };
    },

    async counts() {
      return viewCounts(await orders.countByStatus());
    },

    /**
     * The CSV export as it is produced, batch by batch, so that neither the server's memory nor
     * the wait for the first byte grows with the number of orders.
     */
    async *exportCsv(query: Pick<OrderListQuery, 'status' | 'view'>, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
      yield ordersCsvHeader();
      let after: OrderRecord | undefined;
      for (;;) {
        const batch = await orders.listBatch({ statuses: statusesOf(query), after, limit: batchSize });
        if (batch.length > 0) yield ordersCsvRecords(batch);
        after = batch.at(-1);
        if (batch.length < batchSize || after === undefined) return;
      }
    },

    async ship(id: string, body: ShipOrderBody, user: SessionUser): Promise<AdminOrderDetail> {
      await db.transaction().execute(async (trx) => {
        const repository = createOrderRepository(trx);
        const order = await repository.lockById(id);
        if (order === undefined) throw orderNotFound();
        if (!canApply('ship', order.status)) throw conflict(refusal('ship', order.status));
        // A refund was asked of the provider: the money may be on its way back already.
        if (order.refundRequestedAt !== null) throw conflict(REFUND_STARTED);
        const carrier = body.carrier === undefined || body.carrier === '' ? null : body.carrier;
        const tracking = body.trackingNumber === undefined || body.trackingNumber === '' ? null : body.trackingNumber;
        await repository.update(id, { status: 'shipped', shippedAt: new Date(), shippingCarrier: carrier, trackingNumber: tracking });
        const note = tracking === null ? null : `tracking ${tracking}${carrier === null ? '' : ` (${carrier})`}`;
        await repository.addEvent(id, order.status, 'shipped', actorOf(user), note);
        await enqueueOrderEmail(trx, id, 'shipped', order.customerEmail);
      });
      log.info({ orderId: id, by: user.id }, 'order marked shipped');
      onEmailQueued();
      return detail(id);
    },

    /**
     * Refunds an order whole, or some units of some lines (decision 192): see order-refunds.ts.
     * Answers the order as it is now.
     */
    async refund(id: string, body: RefundOrderBody, user: SessionUser): Promise<AdminOrderDetail> {
      const { applied, refundId } = await refundOrder({ db, payments, log }, id, body, actorOf(user));
      log.info({ orderId: id, refundId, applied, lines: body.lines, by: user.id }, 'order refunded');
      if (applied) onEmailQueued();
      return detail(id);
    },

    /**
     * Expires pending orders older than 24 h (test-mode ones too) and those whose checkout session
     * ended more than the grace ago, giving their reserved stock back; returns how many.
     */
    async expireStale(now: Date): Promise<number> {
      const ids = await orders.stalePendingIds(pendingCutoff(now), 200, reservationReleaseCutoff(now));
      let expired = 0;
      for (const id of ids) {
        const done = await db.transaction().execute(async (trx) => {
          const repository = createOrderRepository(trx);
          const order = await repository.lockById(id);
          // Paid (or cancelled) since the list was read: leave it.
          if (order?.status !== 'pending') return false;
          const lapsed = !isPayable(order.reservedUntil, reservationReleaseCutoff(now));
          if (holdsReservation(order)) await releaseReservation(trx, await repository.itemsOf(id));
          await repository.update(id, { status: 'expired' });
          await repository.addEvent(
            id,
            'pending',
            'expired',
            { kind: 'system', id: null, name: 'Expiry sweep' },
            lapsed ? 'checkout session ended; reserved stock released' : 'pending for more than 24 hours',
          );
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
