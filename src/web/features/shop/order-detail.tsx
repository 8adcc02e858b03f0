import { useId, useState, type FormEvent } from 'react';
import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import { SHIPPING_LIMITS, type AdminOrderDetail } from '../../../shared/orders';
import { InputFields } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { STATUS_LABELS } from './order-summary';
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

function RefundButton({ orderId, totalCents }: { orderId: string; totalCents: number }) {
  const { refund } = useOrderActions(orderId);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span>Refund {formatUsd(totalCents)} to the customer?</span>
          <button
            type="button"
            className="btn-primary bg-rose-700 text-white hover:bg-rose-800"
            disabled={refund.isPending}
            onClick={() => refund.mutate()}
          >
            Confirm refund
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Keep the payment
          </button>
        </>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
          Refund…
        </button>
      )}
      {refund.isError && (
        <p role="alert" className="alert-error w-full">
          {errorText(refund.error)}
        </p>
      )}
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
              </li>
            );
          })}
        </ul>
        <p className="text-sm">
          Subtotal {formatUsd(order.subtotalCents)} · Delivery {order.deliveryCents === 0 ? 'free' : formatUsd(order.deliveryCents)} · Tax{' '}
          {formatUsd(order.taxCents)} · <strong>Total {formatUsd(order.totalCents)}</strong>
        </p>
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
              <time dateTime={step.at}>{dateFormatter.format(new Date(step.at))}</time> — {STATUS_LABELS[step.to]} by {step.actorName}
              {step.note === null ? '' : ` (${step.note})`}
            </li>
          ))}
        </ol>
        {order.status === 'paid' && <ShipForm orderId={order.id} />}
        {(order.status === 'paid' || order.status === 'needs_refund') && <RefundButton orderId={order.id} totalCents={order.totalCents} />}
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
