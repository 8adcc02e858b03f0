import type { FastifyBaseLogger } from 'fastify';
import { canApply, pendingCutoff, refusal } from '../../domain/order-lifecycle';
import type { AdminOrderDetail, OrderListQuery, ShipOrderBody } from '../../shared/orders';
import { ORDERS_PAGE_SIZE, statusesOf, viewCounts } from '../../shared/orders';
import type { SessionUser } from '../context';
import type { Db } from '../db/database';
import { conflict, notFound, serviceUnavailable } from '../../shared/errors';
import { RefundDeclinedError, type PaymentProvider } from '../payments/payment-provider';
import { holdsReservation, isPayable, reservationReleaseCutoff } from '../../domain/stock-reservation';
import { releaseReservation, restoreStock } from './fulfilment';
import { ordersCsvHeader, ordersCsvRecords } from './order-csv';
import { enqueueOrderEmail } from './order-outbox';
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

  /** Clears the refund claim of an order that is still refundable (the provider declined). */
  async function releaseRefundClaim(id: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const repository = createOrderRepository(trx);
      const order = await repository.lockById(id);
      if (order !== undefined && canApply('refund', order.status)) await repository.update(id, { refundRequestedAt: null });
    });
  }

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
     * Three steps, so that no transaction is held across the network and nothing can slip in
     * between: (1) under the row lock, check the status and claim the order for a refund
     * (`refund_requested_at`; ship refuses a claimed order); (2) ask the provider, idempotent per
     * order, so concurrent requests get one refund; (3) under the row lock again, move the order
     * to refunded and restore the stock a paid order took — once, whoever gets there first.
     */
    async refund(id: string, user: SessionUser): Promise<AdminOrderDetail> {
      const claimed = await db.transaction().execute(async (trx) => {
        const repository = createOrderRepository(trx);
        const order = await repository.lockById(id);
        if (order === undefined) throw orderNotFound();
        if (!canApply('refund', order.status)) throw conflict(refusal('refund', order.status));
        if (order.refundRequestedAt === null) await repository.update(id, { refundRequestedAt: new Date() });
        return order;
      });
      let refundId: string;
      try {
        ({ refundId } = await payments.refund({
          orderId: id,
          sessionId: claimed.providerSessionId,
          paymentReference: claimed.paymentReference,
          amountCents: claimed.totalCents,
        }));
      } catch (error) {
        if (error instanceof RefundDeclinedError) {
          // Certainly no money moved: the order may be shipped again.
          log.warn({ err: error, orderId: id }, 'the payment provider declined the refund');
          await releaseRefundClaim(id);
          throw conflict(`The payment provider declined to refund this order: ${error.message}`);
        }
        // No answer, or an error: the refund may have happened. The claim stays, so the order
        // cannot be shipped until a retry (same idempotency key: never a second refund) settles it.
        log.error({ err: error, orderId: id }, 'refund failed at the payment provider; outcome unknown');
        throw serviceUnavailable(
          'The payment provider did not confirm the refund. Please try again shortly (it cannot refund twice); until then the order cannot be marked shipped.',
        );
      }
      const applied = await db.transaction().execute(async (trx) => {
        const repository = createOrderRepository(trx);
        const order = await repository.lockById(id);
        if (order === undefined) throw orderNotFound();
        // A concurrent request refunded it while we talked to the provider: same refund, nothing to do.
        if (order.status === 'refunded') return false;
        // The claim keeps every other transition out; should one have happened anyway, the money
        // went back all the same, and that is what the order must say.
        if (!canApply('refund', order.status)) {
          log.error({ orderId: id, status: order.status, refundId }, 'refunded at the provider from an unexpected status');
        }
        // Only a paid order took stock (needs_refund never did).
        if (order.status === 'paid') await restoreStock(trx, await repository.itemsOf(id));
        await repository.update(id, { status: 'refunded', refundedAt: new Date(), refundReference: refundId });
        await repository.addEvent(id, order.status, 'refunded', actorOf(user), `refund ${refundId}`);
        await enqueueOrderEmail(trx, id, 'refunded', order.customerEmail);
        return true;
      });
      log.info({ orderId: id, refundId, applied, by: user.id }, 'order refunded');
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
