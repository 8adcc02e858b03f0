import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderNumber, RECEIPT_DETAILS_HOURS, type SuccessOrder } from '../../../shared/orders';
import { checkoutReturnPaths } from '../../../shared/page-meta';
import { paths } from '../../lib/paths';
import { clearCart } from './cart-actions';
import { OrderSummary } from './order-summary';
import { useOrderBySession } from './use-order-by-session';
import type { InCents } from './wire';

type Order = InCents<SuccessOrder>;

function Shell({ title, tone, children }: { title: string; tone: 'good' | 'wait' | 'bad'; children: ReactNode }) {
  // The -700 shades on white, the -400 ones on the dark card: 3:1 at least for the large title (axe).
  const color =
    tone === 'good'
      ? 'text-emerald-700 dark:text-emerald-400'
      : tone === 'wait'
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-rose-700 dark:text-rose-400';
  return (
    <section className="card mx-auto max-w-xl p-8 text-center">
      <h1 className={`page-title ${color}`}>{title}</h1>
      {children}
      <Link to={paths.shop} className="btn-primary mt-6 inline-block">
        Back to the shop
      </Link>
    </section>
  );
}

/** Where it ships and who got the receipt (masked), while the server still shows them (a day after payment). */
function Delivery({ order }: { order: Order }) {
  const { shipTo, receiptEmail } = order;
  if (shipTo === undefined && receiptEmail === undefined) {
    return (
      <p className="mb-4 text-left text-sm text-slate-600 dark:text-slate-300" data-testid="order-delivery">
        The ship-to address and the e-mail address are in your receipt e-mail (this page shows them for {RECEIPT_DETAILS_HOURS} hours after
        payment).
      </p>
    );
  }
  return (
    <dl className="mb-4 grid grid-cols-1 gap-x-4 gap-y-1 text-left sm:grid-cols-[auto_1fr]" data-testid="order-delivery">
      {shipTo !== undefined && (
        <>
          <dt className="font-semibold">Ship to</dt>
          <dd data-testid="order-ship-to" className="mb-2 sm:mb-0">
            {[
              shipTo.name,
              shipTo.line1,
              shipTo.line2,
              [shipTo.city, shipTo.state, shipTo.postalCode].filter(Boolean).join(', '),
              shipTo.country,
            ]
              .filter((line) => line !== null && line !== '')
              .map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
          </dd>
        </>
      )}
      {receiptEmail !== undefined && (
        <>
          <dt className="font-semibold">Receipt sent to</dt>
          <dd data-testid="order-receipt-email" className="break-all">
            {receiptEmail}
          </dd>
        </>
      )}
    </dl>
  );
}

function PaidOrder({ order }: { order: Order }) {
  return (
    <Shell title="Payment Successful" tone="good">
      <p className="mb-2 text-lg">Thank you for your order!</p>
      <p className="mb-6">Check your email for a receipt</p>
      <p className="mb-4 text-left" data-testid="order-number">
        Order number <strong className="font-mono text-lg">{orderNumber(order.id)}</strong>
        <span className="block text-sm text-slate-600 dark:text-slate-300">Quote it if you contact us about this order.</span>
      </p>
      <Delivery order={order} />
      <h2 className="mb-2 text-left text-lg font-bold">Your order</h2>
      <OrderSummary order={order} />
    </Shell>
  );
}

function UnpaidOrder({ order }: { order: Order }) {
  if (order.status === 'pending') {
    return (
      <Shell title="Payment pending" tone="wait">
        <p className="mb-6" role="status">
          We have not received the payment confirmation yet. This page updates by itself; your cart is kept until the payment is confirmed.
        </p>
        <OrderSummary order={order} />
      </Shell>
    );
  }
  if (order.status === 'needs_refund') {
    return (
      <Shell title="Payment received" tone="wait">
        <p className="mb-6">
          Thank you! Your payment arrived, but an item sold out in the meantime. We will refund you in full; check your email for details.
        </p>
        <OrderSummary order={order} />
      </Shell>
    );
  }
  return (
    <Shell title="Payment not completed" tone="bad">
      <p>This checkout was {order.status === 'expired' ? 'not paid in time' : 'cancelled'}. Nothing was charged, and your cart is kept.</p>
    </Shell>
  );
}

/**
 * /success: the order is read from the server by `session_id`; only a paid order shows as
 * successful and empties the cart. Reaching this page never fulfils anything by itself.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get(checkoutReturnPaths.sessionParam);
  const query = useOrderBySession(sessionId);
  const paid = query.data?.status === 'paid';

  useEffect(() => {
    if (paid) clearCart();
  }, [paid]);

  if (sessionId === null || sessionId === '' || query.isError) {
    return (
      <Shell title="Order not found" tone="bad">
        <p>We could not find a paid order for this session. If you were charged, please contact us with your receipt.</p>
      </Shell>
    );
  }
  if (query.data === undefined) {
    return (
      <Shell title="Checking your payment…" tone="wait">
        <p role="status">One moment while we look up your order.</p>
      </Shell>
    );
  }
  return paid ? <PaidOrder order={query.data} /> : <UnpaidOrder order={query.data} />;
}

export { SuccessPage as Component };
