import { useId, useState, type FormEvent } from 'react';
import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import { SHIPPING_LIMITS, type AdminOrderDetail } from '../../../shared/orders';
import { InputFields } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { canApply } from '../../../domain/order-lifecycle';
import { STATUS_LABELS } from './order-summary';
import { RefundDialog } from './refund-dialog';
import { useOrderActions, useOrderDetail } from './use-orders';
import type { InCents } from './wire';

const dateFormatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const errorText = (error: unknown) => errorMessage(error, 'Something went wrong. Please try again.');

/** The optional shipping details, named as in ShipOrderBodySchema. */
const SHIP_FIELDS = [
  { name: 'carrier', label: 'Carrier (optional)', className: 'input w-40', maxLength: SHIPPING_LIMITS.carrierMax },
  { name: 'trackingNumber', label: 'Tracking number (optional)', className: 'input w-56', maxLength: SHIPPING_LIMITS.trackingMax },
] as const;

function ShipForm({ orderId }: { orderId: string }) {
  const { ship } = useOrderActions(orderId);
  const [details, setDetails] = useState({ carrier: '', trackingNumber: '' });
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty fields are left out rather than sent as blanks.
    ship.mutate(Object.fromEntries(Object.entries(details).filter(([, value]) => value.trim() !== '')));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Mark shipped">
      <InputFields
        idPrefix={id}
        fields={SHIP_FIELDS.map((field) => ({
          ...field,
          value: details[field.name],
          onChange: (event) => setDetails({ ...details, [field.name]: event.target.value }),
        }))}
      />
      <button type="submit" className="btn-primary" disabled={ship.isPending}>
        Mark shipped
      </button>
      {ship.isError && (
        <p role="alert" className="alert-error w-full">
          {errorText(ship.error)}
        </p>
      )}
    </form>
  );
}

/** "Refund…": opens the refund dialog (whole, or by line and quantity). */
function RefundButton({ order }: { order: InCents<AdminOrderDetail> }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Refund…
      </button>
      {open && <RefundDialog order={order} onClose={() => setOpen(false)} />}
    </div>
  );
}

function Details({ order }: { order: InCents<AdminOrderDetail> }) {
  const address = order.shippingAddress;
  return (
    <div className="grid gap-4 p-3 md:grid-cols-2">
      <div className="flex flex-col gap-2">
        <h2 className="font-bold break-all">Order {order.id}</h2>
        <ul className="text-sm">
          {order.items.map((item, index) => {
            const options = optionsText(item);
            return (
              <li key={index}>
                {item.quantity} × {item.productName}
                {options === '' ? '' : ` (${options})`} @ {formatUsd(item.unitPriceCents)}
                {item.refundedQuantity > 0 && item.refundedQuantity < item.quantity && ` · ${item.refundedQuantity} refunded`}
              </li>
            );
          })}
        </ul>
        <p className="text-sm">
          Subtotal {formatUsd(order.subtotalCents)} · Delivery {order.deliveryCents === 0 ? 'free' : formatUsd(order.deliveryCents)} · Tax{' '}
          {formatUsd(order.taxCents)} · <strong>Total {formatUsd(order.totalCents)}</strong>
        </p>
        {order.refundedCents > 0 && order.status !== 'refunded' && (
          <p className="text-sm font-semibold" data-testid="order-refunded">
            Refunded so far: {formatUsd(order.refundedCents)} of {formatUsd(order.totalCents)}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="font-semibold">E-mail</dt>
          <dd>{order.customerEmail ?? '—'}</dd>
          <dt className="font-semibold">Ship to</dt>
          <dd data-testid="order-address">
            {address === null
              ? '—'
              : [
                  address.name,
                  address.line1,
                  address.line2,
                  [address.city, address.state, address.postalCode].filter(Boolean).join(', '),
                  address.country,
                ]
                  .filter((line) => line !== null && line !== '')
                  .map((line) => <div key={line}>{line}</div>)}
          </dd>
          <dt className="font-semibold">Payment</dt>
          <dd className="font-mono break-all">
            {order.provider === 'test' ? 'Test provider' : 'Stripe'} {order.paymentReference ?? order.providerSessionId ?? ''}
          </dd>
          {order.trackingNumber !== null && (
            <>
              <dt className="font-semibold">Tracking</dt>
              <dd>
                {order.trackingNumber}
                {order.shippingCarrier === null ? '' : ` (${order.shippingCarrier})`}
              </dd>
            </>
          )}
          {order.refundReference !== null && (
            <>
              <dt className="font-semibold">Refund</dt>
              <dd className="font-mono break-all">{order.refundReference}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="font-bold">Timeline</h2>
        <ol className="text-sm" aria-label="Timeline">
          {order.timeline.map((step, index) => (
            <li key={index}>
              <time dateTime={step.at}>{dateFormatter.format(new Date(step.at))}</time> —{' '}
              {/* A partial refund leaves the status as it was (decision 192). */}
              {step.from === step.to ? 'Partly refunded' : STATUS_LABELS[step.to]} by {step.actorName}
              {step.note === null ? '' : ` (${step.note})`}
            </li>
          ))}
        </ol>
        {order.status === 'paid' && <ShipForm orderId={order.id} />}
        {canApply('refund', order.status) && <RefundButton order={order} />}
      </div>
    </div>
  );
}

/** An order's detail for admins: items, totals, e-mail, address, payment reference, timeline and actions. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const detail = useOrderDetail(orderId);
  if (detail.isPending) return <p className="p-3">Loading the order…</p>;
  if (detail.isError)
    return (
      <p role="alert" className="alert-error">
        {errorText(detail.error)}
      </p>
    );
  return <Details order={detail.data} />;
}
