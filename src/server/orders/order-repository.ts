import type { Selectable } from 'kysely';
import { centsToDollars } from '../../domain/format';
import type { Totals } from '../../domain/pricing';
import type { AdminOrder, OrderStatus, OrderSummary, PaymentProviderName } from '../../shared/orders';
import type { Executor } from '../products/product-repository';
import { clampPage } from '../products/product-repository';
import type { OrderItemsTable, OrdersTable } from './order-tables';

export type OrderItemRecord = {
  productId: string;
  productName: string;
  productCode: string;
  quantity: number;
  unitPriceCents: number;
  shirtSize: string | null;
  shirtColor: string | null;
  vinylColor: string | null;
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
};

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
    })),
    subtotal: centsToDollars(order.subtotalCents),
    delivery: centsToDollars(order.deliveryCents),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
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
  };
}

export type NewOrder = {
  provider: PaymentProviderName;
  totals: Totals;
  items: OrderItemRecord[];
};

export type OrderChanges = {
  status?: OrderStatus;
  paidAt?: Date;
  customerEmail?: string;
  providerSessionId?: string;
  taxCents?: number;
  totalCents?: number;
};

/**
 * The order repository: small functions over a database handle or a transaction (build it over
 * the transaction to take part in it, as checkout and fulfilment do).
 */
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

    /** Newest first, the page clamped to 1..last. */
    async listPage({ page, pageSize }: { page: number; pageSize: number }) {
      const { total } = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const current = clampPage(page, pageSize, total);
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((current - 1) * pageSize)
        .execute();
      return { items: await withItems(rows.map(toRecord)), total, page: current, pageSize };
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
