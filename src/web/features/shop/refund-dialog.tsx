import { useId, useState, type FormEvent } from 'react';
import { quantityChoices } from '../../../domain/cart';
import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import { planRefund } from '../../../domain/refunds';
import { orderNumber, type AdminOrderDetail, type RefundOrderBody } from '../../../shared/orders';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { useOrderActions } from './use-orders';
import type { InCents } from './wire';

type Order = InCents<AdminOrderDetail>;

const remainingOf = (item: Order['items'][number]) => item.quantity - item.refundedQuantity;

/**
 * What the admin picked (units per line) as the refund's body: nothing named when every unit not
 * refunded yet comes back (a whole refund), the chosen lines otherwise.
 */
export function refundBodyOf(order: Order, units: readonly number[]): RefundOrderBody {
  const everything = order.items.every((item, index) => (units[index] ?? 0) === remainingOf(item));
  if (everything) return {};
  return { lines: units.flatMap((quantity, index) => (quantity > 0 ? [{ line: index + 1, quantity }] : [])) };
}

/** The amount the server will refund for this pick: the same rule (domain/refunds.ts), the order's own prices. */
function plannedAmount(order: Order, body: RefundOrderBody): number | undefined {
  const result = planRefund(
    {
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      lines: order.items.map((item) => ({ ...item })),
    },
    body.lines,
  );
  return result.ok ? result.plan.amountCents : undefined;
}

/**
 * "Refund…" (admins; decision 192): a dialog that asks what comes back — every unit not refunded
 * yet by default, or fewer units of some lines — and shows the money that goes back for it before
 * the refund is confirmed. An order that never took its goods (needs refund) is refunded whole.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { refund } = useOrderActions(order.id);
  const whole = order.status === 'needs_refund';
  const [units, setUnits] = useState<number[]>(() => order.items.map(remainingOf));
  const formId = useId();
  const body = whole ? {} : refundBodyOf(order, units);
  const nothing = !whole && units.every((quantity) => quantity === 0);
  const amount = nothing ? undefined : plannedAmount(order, body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === undefined) return;
    refund.mutate(body, { onSuccess: onClose });
  };
  return (
    <Modal name="refundOrder" title={`Refund order ${orderNumber(order.id)}`} open onClose={onClose}>
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4" aria-label="Refund">
        {whole ? (
          <p>This order was never fulfilled, so all of it is refunded.</p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">What comes back</legend>
            {order.items.map((item, index) => {
              const options = optionsText(item);
              const name = `${item.productName}${options === '' ? '' : ` (${options})`}`;
              const left = remainingOf(item);
              return (
                <label key={index} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="refund-line">
                  <span>
                    {name}{' '}
                    <span className="text-slate-600 dark:text-slate-400">
                      @ {formatUsd(item.unitPriceCents)}
                      {item.refundedQuantity > 0 && ` · ${item.refundedQuantity} of ${item.quantity} refunded already`}
                    </span>
                  </span>
                  {left === 0 ? (
                    <span className="text-slate-600 dark:text-slate-400">All refunded</span>
                  ) : (
                    <select
                      className="input w-auto py-1"
                      aria-label={`Units of ${name} to refund`}
                      value={units[index] ?? 0}
                      onChange={(event) => setUnits(units.map((value, at) => (at === index ? Number(event.target.value) : value)))}
                    >
                      {[0, ...quantityChoices(left)].map((choice) => (
                        <option key={choice} value={choice}>
                          {choice} of {left}
                        </option>
                      ))}
                    </select>
                  )}
                </label>
              );
            })}
          </fieldset>
        )}
        <p className="font-semibold" aria-live="polite" data-testid="refund-amount">
          {amount === undefined ? 'Choose what comes back.' : `Refund ${formatUsd(amount)} to the customer?`}
        </p>
        {!whole && body.lines !== undefined && amount !== undefined && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The items’ price and their share of the tax; their stock goes back to the shop. Delivery is refunded with the last items.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn-primary bg-rose-700 text-white hover:bg-rose-800"
            disabled={refund.isPending || amount === undefined}
          >
            Confirm refund
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Keep the payment
          </button>
        </div>
        {refund.isError && (
          <p role="alert" className="alert-error">
            {errorMessage(refund.error, 'Something went wrong. Please try again.')}
          </p>
        )}
      </form>
    </Modal>
  );
}
