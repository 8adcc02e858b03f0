import { formatUsd } from '../../../domain/format';
import { estimateTotals, FREE_DELIVERY_FROM_CENTS, TAX_RATE_BASIS_POINTS } from '../../../domain/pricing';

/** 1075 basis points → "10.75%". */
export const TAX_RATE_LABEL = `${(TAX_RATE_BASIS_POINTS / 100).toFixed(2)}%`;

export function CartTotals({ subtotalCents }: { subtotalCents: number }) {
  const totals = estimateTotals(subtotalCents);
  const empty = subtotalCents === 0;
  const delivery = empty ? formatUsd(0) : totals.freeDelivery ? 'Free' : formatUsd(totals.deliveryCents);
  const rows: [string, string, string][] = [
    ['Subtotal', formatUsd(totals.subtotalCents), 'cart-subtotal'],
    ['Delivery', delivery, 'cart-delivery'],
    [`Estimated tax (${TAX_RATE_LABEL})`, formatUsd(totals.taxCents), 'cart-tax'],
  ];
  return (
    <div>
      <dl className="space-y-1.5 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base dark:border-slate-700">
          <dt className="font-bold">Total</dt>
          <dd className="font-black tabular-nums" data-testid="cart-total">
            {formatUsd(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {!empty && !totals.freeDelivery && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Add {formatUsd(FREE_DELIVERY_FROM_CENTS - subtotalCents)} more for free delivery.
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Final tax is computed at checkout.</p>
    </div>
  );
}
