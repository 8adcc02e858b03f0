import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { centsToDollars } from '../../domain/format';
import type { Totals } from '../../domain/pricing';
import type {
  AdminOrder,
  AdminOrderDetail,
  OrderEvent,
  OrderStatus,
  OrderSummary,
  PaymentProviderName,
  ShippingAddress,
} from '../../shared/orders';
import type { Executor } from '../db/database';
import type { Database } from '../db/schema';
import { clampPage } from '../../domain/paging';
import type { OrderEventsTable, OrderItemsTable, OrdersTable } from './order-tables';

export type OrderItemRecord = {
  productId: string;
  productName: string;
  productCode: string;
  quantity: number;
  unitPriceCents: number;
  shirtSize: string | null;
  shirtColor: string | null;
  vinylColor: string | null;
  /** Units of this line refunded so far (decision 192). */
  refundedQuantity: number;
};

export type OrderRecord = {
  id: string;
  status: OrderStatus;
  provider: PaymentProviderName;
  providerSessionId: string | null;
  customerEmail: string | null;
  subtotalCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  createdAt: Date;
  paidAt: Date | null;
  shippingAddress: ShippingAddress | null;
  paymentReference: string | null;
  shippedAt: Date | null;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  refundedAt: Date | null;
  refundReference: string | null;
  /** Set when a refund was asked of the provider and not declined: the order cannot be shipped. */
  refundRequestedAt: Date | null;
  /** When the checkout session stops being payable; a pending order with it holds reserved stock. */
  reservedUntil: Date | null;
  /** Money given back so far (decision 192). */
  refundedCents: number;
};

/** Who moved an order: an admin, the payment provider, the expiry sweep or the shopper at checkout. */
export type OrderActor = { kind: OrderEventsTable['actor_kind']; id: string | null; name: string };

export type OrderWithItems = OrderRecord & { items: OrderItemRecord[] };

function toRecord(row: Selectable<OrdersTable>): OrderRecord {
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    providerSessionId: row.provider_session_id,
    customerEmail: row.customer_email,
    subtotalCents: row.subtotal_cents,
    deliveryCents: row.delivery_cents,
    taxCents: row.tax_cents,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    shippingAddress:
      row.shipping_line1 === null
        ? null
        : {
            name: row.shipping_name ?? '',
            line1: row.shipping_line1,
            line2: row.shipping_line2,
            city: row.shipping_city ?? '',
            state: row.shipping_state,
            postalCode: row.shipping_postal_code ?? '',
            country: row.shipping_country ?? '',
          },
    paymentReference: row.payment_reference,
    shippedAt: row.shipped_at,
    shippingCarrier: row.shipping_carrier,
    trackingNumber: row.tracking_number,
    refundedAt: row.refunded_at,
    refundReference: row.refund_reference,
    refundRequestedAt: row.refund_requested_at,
    reservedUntil: row.reserved_until,
    refundedCents: row.refunded_cents,
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function toEventDto(row: Selectable<OrderEventsTable>): OrderEvent {
  return {
    at: row.created_at.toISOString(),
    from: row.from_status,
    to: row.to_status,
    actorKind: row.actor_kind,
    actorName: row.actor_name,
    note: row.note,
  };
}

function toItemRecord(row: Selectable<OrderItemsTable>): OrderItemRecord {
  return {
    productId: row.product_id,
    productName: row.product_name,
    productCode: row.product_code,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    shirtSize: row.shirt_size,
    shirtColor: row.shirt_color,
    vinylColor: row.vinyl_color,
    refundedQuantity: row.refunded_quantity,
  };
}

/** The shopper's view of an order (wire shape, dollars). */
export function toOrderSummaryDto(order: OrderWithItems): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    items: order.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productCode: item.productCode,
      quantity: item.quantity,
      unitPrice: centsToDollars(item.unitPriceCents),
      shirtSize: item.shirtSize,
      shirtColor: item.shirtColor,
      vinylColor: item.vinylColor,
      refundedQuantity: item.refundedQuantity,
    })),
    subtotal: centsToDollars(order.subtotalCents),
    delivery: centsToDollars(order.deliveryCents),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    refunded: centsToDollars(order.refundedCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt === null ? null : order.paidAt.toISOString(),
  };
}

export function toAdminOrderDto(order: OrderWithItems): AdminOrder {
  return {
    ...toOrderSummaryDto(order),
    provider: order.provider,
    providerSessionId: order.providerSessionId,
    customerEmail: order.customerEmail,
    shippingAddress: order.shippingAddress,
    paymentReference: order.paymentReference,
    shippedAt: iso(order.shippedAt),
    shippingCarrier: order.shippingCarrier,
    trackingNumber: order.trackingNumber,
    refundedAt: iso(order.refundedAt),
    refundReference: order.refundReference,
  };
}

export function toAdminOrderDetailDto(order: OrderWithItems, timeline: OrderEvent[]): AdminOrderDetail {
  return { ...toAdminOrderDto(order), timeline };
}

export type NewOrder = {
  provider: PaymentProviderName;
  totals: Totals;
  items: Omit<OrderItemRecord, 'refundedQuantity'>[];
  /** The client address that started the checkout (the held-units cap, decision 192). */
  checkoutAddress?: string;
  /** The end of the checkout session, when the order's stock is reserved (decision 171). */
  reservedUntil?: Date;
};

export type OrderChanges = {
  status?: OrderStatus;
  paidAt?: Date;
  customerEmail?: string;
  providerSessionId?: string;
  taxCents?: number;
  totalCents?: number;
  shippingAddress?: ShippingAddress;
  paymentReference?: string;
  shippedAt?: Date;
  shippingCarrier?: string | null;
  trackingNumber?: string | null;
  refundedAt?: Date;
  refundReference?: string;
  /** null clears the refund claim (the provider declined the refund, or the refund is done). */
  refundRequestedAt?: Date | null;
  refundedCents?: number;
};

/**
 * The order repository: small functions over a database handle or a transaction (build it over
 * the transaction to take part in it, as checkout and fulfilment do).
 */
/** `status IN (…)`; no statuses match no order (an empty IN list is not SQL). */
const ofStatuses = (statuses: readonly OrderStatus[]) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  statuses.length === 0 ? sql<boolean>`false` : eb('status', 'in', statuses);

/** The first key of the held-units cap's advisory locks (two-key locks never meet one-key ones). */
const CHECKOUT_ADDRESS_LOCK_SPACE = 7_214_531;

export function createOrderRepository(db: Executor) {
  async function itemsOf(orderIds: readonly string[]): Promise<Map<string, OrderItemRecord[]>> {
    const byOrder = new Map<string, OrderItemRecord[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const rows = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', [...orderIds])
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const row of rows) byOrder.get(row.order_id)?.push(toItemRecord(row));
    return byOrder;
  }

  async function withItems(orders: OrderRecord[]): Promise<OrderWithItems[]> {
    const items = await itemsOf(orders.map((order) => order.id));
    return orders.map((order) => ({ ...order, items: items.get(order.id) ?? [] }));
  }

  return {
    /** Stores a pending order and its items (call it inside a transaction). */
    async insertPending(order: NewOrder): Promise<OrderRecord> {
      const row = await db
        .insertInto('orders')
        .values({
          status: 'pending',
          provider: order.provider,
          subtotal_cents: order.totals.subtotalCents,
          delivery_cents: order.totals.deliveryCents,
          tax_cents: order.totals.taxCents,
          total_cents: order.totals.totalCents,
          reserved_until: order.reservedUntil ?? null,
          checkout_address: order.checkoutAddress ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_items')
        .values(
          order.items.map((item, position) => ({
            order_id: row.id,
            position,
            product_id: item.productId,
            product_name: item.productName,
            product_code: item.productCode,
            quantity: item.quantity,
            unit_price_cents: item.unitPriceCents,
            shirt_size: item.shirtSize,
            shirt_color: item.shirtColor,
            vinyl_color: item.vinylColor,
          })),
        )
        .execute();
      return toRecord(row);
    },

    async update(id: string, changes: OrderChanges): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({
          status: changes.status,
          paid_at: changes.paidAt,
          customer_email: changes.customerEmail,
          provider_session_id: changes.providerSessionId,
          tax_cents: changes.taxCents,
          total_cents: changes.totalCents,
          ...(changes.shippingAddress === undefined
            ? {}
            : {
                shipping_name: changes.shippingAddress.name,
                shipping_line1: changes.shippingAddress.line1,
                shipping_line2: changes.shippingAddress.line2,
                shipping_city: changes.shippingAddress.city,
                shipping_state: changes.shippingAddress.state,
                shipping_postal_code: changes.shippingAddress.postalCode,
                shipping_country: changes.shippingAddress.country,
              }),
          payment_reference: changes.paymentReference,
          shipped_at: changes.shippedAt,
          shipping_carrier: changes.shippingCarrier,
          tracking_number: changes.trackingNumber,
          refunded_at: changes.refundedAt,
          refund_reference: changes.refundReference,
          refund_requested_at: changes.refundRequestedAt,
          refunded_cents: changes.refundedCents,
          // The client address only counts while the order holds its checkout (decision 192).
          checkout_address: changes.status !== undefined && changes.status !== 'pending' ? null : undefined,
          updated_at: eb.fn('now'),
        }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * The order of a provider's checkout session, row-locked until the transaction ends. Falls back
     * to `orderId` (the session's metadata) for an order whose session id is not stored yet.
     */
    async lockBySession(provider: PaymentProviderName, sessionId: string, orderId: string | undefined): Promise<OrderRecord | undefined> {
      const bySession = await db
        .selectFrom('orders')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_session_id', '=', sessionId)
        .forUpdate()
        .executeTakeFirst();
      if (bySession !== undefined || orderId === undefined) return bySession === undefined ? undefined : toRecord(bySession);
      const byId = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .where('provider', '=', provider)
        .where('provider_session_id', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      return byId === undefined ? undefined : toRecord(byId);
    },

    /**
     * Units held by the open checkout sessions (pending, payable at `now`) that `address` started
     * (decision 192). Call it under the address's lock (`lockCheckoutAddress`) to count and insert
     * without a concurrent checkout slipping in between.
     */
    async heldUnitsOf(address: string, now: Date): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select((eb) => eb.fn.sum<number | string | null>('order_items.quantity').as('units'))
        .where('orders.status', '=', 'pending')
        .where('orders.checkout_address', '=', address)
        .where('orders.reserved_until', '>', now)
        .executeTakeFirst();
      return Number(row?.units ?? 0);
    },

    /** Serialises the checkouts of one client address until the transaction ends (held-units cap). */
    async lockCheckoutAddress(address: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(${CHECKOUT_ADDRESS_LOCK_SPACE}, hashtext(${address}))`.execute(db);
    },

    /** Adds refunded units to the order's lines (position, units), in the caller's transaction. */
    async addRefundedUnits(orderId: string, lines: readonly { position: number; quantity: number }[]): Promise<void> {
      for (const line of lines) {
        await db
          .updateTable('order_items')
          .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', line.quantity) }))
          .where('order_id', '=', orderId)
          .where('position', '=', line.position)
          .execute();
      }
    },

    async itemsOf(orderId: string): Promise<OrderItemRecord[]> {
      return (await itemsOf([orderId])).get(orderId) ?? [];
    },

    async findBySession(sessionId: string): Promise<OrderWithItems | undefined> {
      const row = await db.selectFrom('orders').selectAll().where('provider_session_id', '=', sessionId).executeTakeFirst();
      if (row === undefined) return undefined;
      const [order] = await withItems([toRecord(row)]);
      return order;
    },

    async findById(id: string): Promise<OrderWithItems | undefined> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) return undefined;
      const [order] = await withItems([toRecord(row)]);
      return order;
    },

    /** Row-locks one order until the transaction ends. */
    async lockById(id: string): Promise<OrderRecord | undefined> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** How many orders are in each status (a status without orders is absent). */
    async countByStatus(): Promise<Partial<Record<OrderStatus, number>>> {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },

    /** Newest first, of the given statuses (none: no order), the page clamped to 1..last. */
    async listPage({ page, pageSize, statuses }: { page: number; pageSize: number; statuses: readonly OrderStatus[] }) {
      const { total } = await db
        .selectFrom('orders')
        .where(ofStatuses(statuses))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const current = clampPage(page, pageSize, total);
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where(ofStatuses(statuses))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((current - 1) * pageSize)
        .execute();
      return { items: await withItems(rows.map(toRecord)), total, page: current, pageSize };
    },

    /**
     * Up to `limit` orders of the given statuses, newest first, with items, starting after
     * the order `after` of the previous batch: the CSV export, read batch by batch (keyset, so an
     * order is read at most once however the table changes meanwhile).
     */
    async listBatch({
      statuses,
      after,
      limit,
    }: {
      statuses: readonly OrderStatus[];
      after?: OrderRecord | undefined;
      limit: number;
    }): Promise<OrderWithItems[]> {
      let query = db.selectFrom('orders').selectAll().where(ofStatuses(statuses));
      if (after !== undefined) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return withItems(rows.map(toRecord));
    },

    /**
     * Ids of pending orders the expiry sweep closes, oldest first: created before `cutoff`, or
     * holding a reservation that ended before `releaseCutoff`.
     */
    async stalePendingIds(cutoff: Date, limit: number, releaseCutoff?: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'pending')
        .where((eb) =>
          releaseCutoff === undefined
            ? eb('created_at', '<', cutoff)
            : eb.or([eb('created_at', '<', cutoff), eb('reserved_until', '<', releaseCutoff)]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** One step of the timeline: who moved the order from which status to which. */
    async addEvent(
      orderId: string,
      from: OrderStatus | null,
      to: OrderStatus,
      actor: OrderActor,
      note: string | null = null,
    ): Promise<void> {
      await db
        .insertInto('order_events')
        .values({
          order_id: orderId,
          from_status: from,
          to_status: to,
          actor_kind: actor.kind,
          actor_id: actor.id,
          actor_name: actor.name,
          note,
        })
        .execute();
    },

    async timelineOf(orderId: string): Promise<OrderEvent[]> {
      const rows = await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map(toEventDto);
    },

    /**
     * Records a provider event id; false when it was recorded before (by this transaction's
     * competitors too: a concurrent insert of the same id waits for the other to commit).
     */
    async recordEvent(event: { provider: PaymentProviderName; eventId: string; type: string }): Promise<boolean> {
      const row = await db
        .insertInto('payment_events')
        .values({ provider_event_id: event.eventId, provider: event.provider, type: event.type })
        .onConflict((oc) => oc.column('provider_event_id').doNothing())
        .returning('provider_event_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async linkEvent(eventId: string, orderId: string): Promise<void> {
      await db.updateTable('payment_events').set({ order_id: orderId }).where('provider_event_id', '=', eventId).execute();
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
