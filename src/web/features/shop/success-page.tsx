import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderNumber } from '../../../shared/orders';
import { checkoutReturnPaths } from '../../../shared/page-meta';
import { paths } from '../../lib/paths';
import { clearCart } from './cart-store';
import { OrderSummary } from './order-summary';
import { useOrderBySession } from './use-order-by-session';
import type { ShopOrder as Order } from './wire';

function Shell({ title, tone, children }: { title: string; tone: 'good' | 'wait' | 'bad'; children: ReactNode }) {
  const color = tone === 'good' ? 'text-emerald-500' : tone === 'wait' ? 'text-amber-500' : 'text-rose-500';
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

function PaidOrder({ order }: { order: Order }) {
  return (
    <Shell title="Payment Successful" tone="good">
      <p className="mb-2 text-lg">Thank you for your order!</p>
      <p className="mb-6">Check your email for a receipt</p>
      <p className="mb-4 text-left" data-testid="order-number">
        Order number <strong className="font-mono text-lg">{orderNumber(order.id)}</strong>
        <span className="block text-sm text-slate-600 dark:text-slate-300">Quote it if you contact us about this order.</span>
      </p>
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
