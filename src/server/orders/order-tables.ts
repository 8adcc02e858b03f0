import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus, PaymentProviderName } from '../../shared/orders';
import type { Timestamp } from '../db/schema';

/** Row types of migration 0005-orders, named as in SQL. */
export type OrdersTable = {
  id: Generated<string>;
  status: Generated<OrderStatus>;
  provider: PaymentProviderName;
  provider_session_id: string | null;
  customer_email: string | null;
  subtotal_cents: number;
  delivery_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type OrderItemsTable = {
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  product_code: string;
  quantity: number;
  unit_price_cents: number;
  shirt_size: string | null;
  shirt_color: string | null;
  vinyl_color: string | null;
};

export type PaymentEventsTable = {
  provider_event_id: string;
  provider: PaymentProviderName;
  type: string;
  order_id: string | null;
  received_at: Timestamp;
};

export type OrderTables = {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payment_events: PaymentEventsTable;
};
