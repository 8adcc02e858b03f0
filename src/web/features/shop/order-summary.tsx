import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import type { OrderStatus } from '../../../shared/orders';
import type { ShopOrder } from './wire';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  shipped: 'Shipped',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired',
  needs_refund: 'Needs refund',
};

/** An order's items and totals, as charged (money from the server, formatted here only). */
export function OrderSummary({ order }: { order: ShopOrder }) {
  const rows: [string, string][] = [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ['Delivery', order.deliveryCents === 0 ? 'Free' : formatUsd(order.deliveryCents)],
    ['Tax', formatUsd(order.taxCents)],
  ];
  return (
    <div className="text-left">
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Ordered items">
        {order.items.map((item, index) => {
          const options = optionsText(item);
          return (
            <li key={index} className="flex justify-between gap-4 py-2" data-testid="order-item">
              <div>
                <p className="font-semibold">
                  {item.productName} × {item.quantity}
                </p>
                {options !== '' && <p className="text-sm text-slate-600 dark:text-slate-400">{options}</p>}
              </div>
              <span className="tabular-nums">{formatUsd(item.unitPriceCents * item.quantity)}</span>
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
            {formatUsd(order.totalCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
