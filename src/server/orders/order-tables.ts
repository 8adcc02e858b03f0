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
  paid_at: NullableTime;
  // Migration 0040-order-operations:
  shipping_name: Generated<string | null>;
  shipping_line1: Generated<string | null>;
  shipping_line2: Generated<string | null>;
  shipping_city: Generated<string | null>;
  shipping_state: Generated<string | null>;
  shipping_postal_code: Generated<string | null>;
  shipping_country: Generated<string | null>;
  payment_reference: Generated<string | null>;
  shipped_at: NullableTime;
  shipping_carrier: Generated<string | null>;
  tracking_number: Generated<string | null>;
  refunded_at: NullableTime;
  refund_reference: Generated<string | null>;
  // Migration 0041-refund-claim:
  refund_requested_at: NullableTime;
  // Migration 0070-stock-reservations: when the checkout session stops being payable.
  reserved_until: NullableTime;
  // Migration 0092-checkout-address: the client address of a pending order's checkout (cleared when it leaves pending).
  checkout_address: Generated<string | null>;
  // Migration 0093-partial-refunds: the money given back so far.
  refunded_cents: Generated<number>;
};

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One transition of an order (migration 0040): who moved it from which status to which, and when. */
export type OrderEventsTable = {
  id: Generated<string>;
  order_id: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor_kind: 'user' | 'provider' | 'system' | 'shopper';
  actor_id: string | null;
  actor_name: string;
  note: string | null;
  created_at: Timestamp;
};

/**
 * The e-mail outbox (migrations 0040, 0071, 0093): one row per (order, kind, refund), sent once by the mail
 * worker; `next_attempt_at` paces retries, `dead_at` marks a dead letter.
 */
export type OrderEmailsTable = {
  id: Generated<string>;
  order_id: string;
  kind: 'receipt' | 'shipped' | 'refunded' | 'partial_refund';
  recipient: string;
  /** Migration 0093: the refund a refund notice is about (order_refunds.seq); 0 for the others. */
  refund_seq: Generated<number>;
  created_at: Timestamp;
  claimed_at: NullableTime;
  sent_at: NullableTime;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  dead_at: NullableTime;
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
  /** Migration 0093: units of this line refunded so far. */
  refunded_quantity: Generated<number>;
};

/** One refund asked of the provider (migration 0093); `completed_at` null: not confirmed yet. */
export type OrderRefundsTable = {
  id: Generated<string>;
  order_id: string;
  seq: number;
  lines: ColumnType<RefundLine[], string, string>;
  amount_cents: number;
  rest: boolean;
  idempotency_key: string;
  requested_by: string;
  requested_at: Timestamp;
  completed_at: NullableTime;
  provider_refund_id: string | null;
};

/** A line of a refund: the order line's position and the units given back. */
export type RefundLine = { position: number; quantity: number };

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
  order_events: OrderEventsTable;
  order_emails: OrderEmailsTable;
  order_refunds: OrderRefundsTable;
};
