import { dollarsToCents, formatUsd } from '../../../domain/format';
import type { OrderItem, OrderStatus, OrderSummary as Order } from '../../../shared/orders';

const cents = (dollars: number): number => dollarsToCents(dollars) ?? 0;

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
  needs_refund: 'Needs refund',
};

export function itemOptions(item: Pick<OrderItem, 'shirtSize' | 'shirtColor' | 'vinylColor'>): string {
  return [item.shirtSize === null ? null : `Size ${item.shirtSize}`, item.shirtColor, item.vinylColor === null ? null : `${item.vinylColor} vinyl`]
    .filter((part) => part !== null)
    .join(' · ');
}

/** An order's items and totals, as charged (money from the server, formatted here only). */
export function OrderSummary({ order }: { order: Order }) {
  const rows: [string, string][] = [
    ['Subtotal', formatUsd(cents(order.subtotal))],
    ['Delivery', order.delivery === 0 ? 'Free' : formatUsd(cents(order.delivery))],
    ['Tax', formatUsd(cents(order.tax))],
  ];
  return (
    <div className="text-left">
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Ordered items">
        {order.items.map((item, index) => {
          const options = itemOptions(item);
          return (
            <li key={index} className="flex justify-between gap-4 py-2" data-testid="order-item">
              <div>
                <p className="font-semibold">
                  {item.productName} × {item.quantity}
                </p>
                {options !== '' && <p className="text-sm text-slate-600 dark:text-slate-400">{options}</p>}
              </div>
              <span className="tabular-nums">{formatUsd(cents(item.unitPrice) * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatUsd(cents(order.total))}
          </dd>
        </div>
      </dl>
    </div>
  );
}
