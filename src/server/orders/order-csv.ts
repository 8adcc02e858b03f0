import { csvRecord } from '../../domain/csv';
import { centsToDollars } from '../../domain/format';
import { optionsText } from '../../domain/product-options';
import type { OrderWithItems } from './order-repository';

const HEADER = [
  'order_id',
  'created_at',
  'status',
  'email',
  'ship_name',
  'ship_line1',
  'ship_line2',
  'ship_city',
  'ship_state',
  'ship_postal_code',
  'ship_country',
  'items',
  'subtotal',
  'delivery',
  'tax',
  'total',
  'provider',
  'payment_reference',
  'paid_at',
  'shipped_at',
  'carrier',
  'tracking_number',
  'refunded_at',
  'refund_reference',
];

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The header record of the export. */
export function ordersCsvHeader(): string {
  return csvRecord(HEADER);
}

/** One record per order; items as "2 × Classic Tee (Size M · Red); 1 × Poster". */
export function ordersCsvRecords(orders: readonly OrderWithItems[]): string {
  return orders
    .map((order) => {
      const address = order.shippingAddress;
      const items = order.items
        .map((item) => {
          const options = optionsText(item);
          return `${item.quantity} × ${item.productName}${options === '' ? '' : ` (${options})`}`;
        })
        .join('; ');
      return csvRecord([
        order.id,
        iso(order.createdAt),
        order.status,
        order.customerEmail,
        address?.name ?? null,
        address?.line1 ?? null,
        address?.line2 ?? null,
        address?.city ?? null,
        address?.state ?? null,
        address?.postalCode ?? null,
        address?.country ?? null,
        items,
        centsToDollars(order.subtotalCents),
        centsToDollars(order.deliveryCents),
        centsToDollars(order.taxCents),
        centsToDollars(order.totalCents),
        order.provider,
        order.paymentReference,
        iso(order.paidAt),
        iso(order.shippedAt),
        order.shippingCarrier,
        order.trackingNumber,
        iso(order.refundedAt),
        order.refundReference,
      ]);
    })
    .join('');
}
