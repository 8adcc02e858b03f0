import { dollarsToCents } from '../../../domain/format';
import type { OrderItem, OrderSummary } from '../../../shared/orders';
import type { Product, StaffProduct } from '../../../shared/products';

// The wire carries dollars (the specification's `price`); the web works in integer cents. Every
// answer that holds money is mapped here, once, where the hooks read it; components format with
// formatUsd and never convert.

/** Wire dollars → integer cents. An amount the contract cannot hold is a broken answer, not $0. */
export function wireCents(dollars: number): number {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw new TypeError(`The server sent an invalid amount: ${String(dollars)}`);
  return cents;
}

export type Priced<P extends Pick<Product, 'price'>> = Omit<P, 'price'> & { priceCents: number };
/** A product (public or staff view) as the web uses it. */
export type ShopProduct = Priced<Product>;
/** Staff's view of a product (archived ones too) as the web uses it. */
export type ManagedProduct = Priced<StaffProduct>;

export function productFromWire<P extends Pick<Product, 'price'>>({ price, ...rest }: P): Priced<P> {
  return { ...rest, priceCents: wireCents(price) };
}

export type ShopOrderItem = Omit<OrderItem, 'unitPrice'> & { unitPriceCents: number };
type Money = 'subtotal' | 'delivery' | 'tax' | 'total' | 'refunded';
export type InCents<O extends OrderSummary> = Omit<O, Money | 'items'> & {
  items: ShopOrderItem[];
  subtotalCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
};
/** An order (shopper's summary, admin row or admin detail) as the web uses it. */
export type ShopOrder = InCents<OrderSummary>;

export function orderFromWire<O extends OrderSummary>({ subtotal, delivery, tax, total, refunded, items, ...rest }: O): InCents<O> {
  return {
    ...rest,
    items: items.map(({ unitPrice, ...item }) => ({ ...item, unitPriceCents: wireCents(unitPrice) })),
    subtotalCents: wireCents(subtotal),
    deliveryCents: wireCents(delivery),
    taxCents: wireCents(tax),
    totalCents: wireCents(total),
    refundedCents: wireCents(refunded),
  };
}
