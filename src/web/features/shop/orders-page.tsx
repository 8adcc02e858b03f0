import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import { lastPage } from '../../../domain/paging';
import { buildPath } from '../../../shared/contract';
import {
  exportOrders,
  orderNumber,
  ORDER_VIEWS,
  OrderStatusSchema,
  OrderViewSchema,
  viewOfStatus,
  type AdminOrder,
  type OrderStatus,
  type OrderView,
} from '../../../shared/orders';
import { useMediaQuery } from '../../lib/use-media-query';
import { DeadLetters } from './dead-letters';
import { OrderDetail } from './order-detail';
import { STATUS_LABELS } from './order-summary';
import { useOrderCounts, useOrders } from './use-orders';
import type { InCents } from './wire';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  shipped: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  refunded: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-200',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  needs_refund: 'bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200',
};

const dateFormatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The tabs, in order: what needs action first, abandoned checkouts ("Payment pending") apart. */
const VIEW_LABELS: Record<OrderView, string> = {
  needs_action: 'Needs action',
  pending: 'Payment pending',
  shipped: 'Shipped',
  refunded: 'Refunded',
  closed: 'Closed',
  all: 'All',
};
const VIEW_EMPTY: Record<OrderView, string> = {
  needs_action: 'Nothing needs action: no order waits to be shipped or refunded.',
  pending: 'No checkout is waiting for its payment.',
  shipped: 'No shipped orders.',
  refunded: 'No refunded orders.',
  closed: 'No cancelled or expired checkouts.',
  all: 'No orders yet.',
};
const DEFAULT_VIEW: OrderView = 'needs_action';

type RowProps = { order: InCents<AdminOrder>; open: boolean; onToggle: () => void };

const OrderDate = ({ order }: { order: InCents<AdminOrder> }) => (
  <>
    <time dateTime={order.createdAt}>{dateFormatter.format(new Date(order.createdAt))}</time>
    <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{orderNumber(order.id)}</div>
  </>
);

const StatusBadge = ({ status }: { status: OrderStatus }) => (
  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASSES[status]}`}>
    {STATUS_LABELS[status]}
  </span>
);

const ItemList = ({ order }: { order: InCents<AdminOrder> }) => (
  <ul>
    {order.items.map((item, index) => {
      const options = optionsText(item);
      return (
        <li key={index}>
          {item.quantity} × {item.productName}
          {options === '' ? '' : ` (${options})`}{' '}
          <span className="text-slate-500 dark:text-slate-400">@ {formatUsd(item.unitPriceCents)}</span>
          {item.refundedQuantity > 0 && item.refundedQuantity < item.quantity && (
            <span className="text-violet-800 dark:text-violet-300"> · {item.refundedQuantity} refunded</span>
          )}
        </li>
      );
    })}
  </ul>
);

const Totals = ({ order }: { order: InCents<AdminOrder> }) => (
  <>
    <div className="font-semibold">{formatUsd(order.totalCents)}</div>
    <div className="text-xs text-slate-500 dark:text-slate-400">
      {formatUsd(order.subtotalCents)} + {order.deliveryCents === 0 ? 'free delivery' : formatUsd(order.deliveryCents)} +{' '}
      {formatUsd(order.taxCents)} tax
    </div>
    {/* A partly refunded order stays in its tab, saying what went back (decision 192). */}
    {order.refundedCents > 0 && order.status !== 'refunded' && (
      <div className="text-xs font-semibold text-violet-800 dark:text-violet-300" data-testid="row-refunded">
        {formatUsd(order.refundedCents)} refunded
      </div>
    )}
  </>
);

const Customer = ({ order }: { order: InCents<AdminOrder> }) => (
  <>
    <div className="break-all">{order.customerEmail ?? '—'}</div>
    <div className="text-xs text-slate-500 dark:text-slate-400">{order.provider === 'test' ? 'Test provider' : 'Stripe'}</div>
  </>
);

const DetailsButton = ({ order, open, onToggle, className = '' }: RowProps & { className?: string }) => (
  <button type="button" className={`btn-secondary ${className}`} aria-expanded={open} onClick={onToggle}>
    {open ? 'Hide details' : 'Details'}
    <span className="sr-only"> of order {orderNumber(order.id)}</span>
  </button>
);

function OrderRow(props: RowProps) {
  const { order } = props;
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-testid="order-row">
      <td className="px-3 py-2 text-sm whitespace-nowrap">
        <OrderDate order={order} />
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={order.status} />
      </td>
      <td className="px-3 py-2 text-sm">
        <ItemList order={order} />
      </td>
      <td className="px-3 py-2 text-right text-sm tabular-nums">
        <Totals order={order} />
      </td>
      <td className="px-3 py-2 text-sm">
        <Customer order={order} />
      </td>
      <td className="px-3 py-2">
        <DetailsButton {...props} />
      </td>
    </tr>
  );
}

/** Below 640 px: one card per order, the same facts stacked, its details inside the card. */
function OrderCard(props: RowProps) {
  const { order, open } = props;
  return (
    <li className="card flex flex-col gap-2 p-3" data-testid="order-row">
      <div className="flex items-start justify-between gap-2 text-sm">
        <div>
          <OrderDate order={order} />
        </div>
        <StatusBadge status={order.status} />
      </div>
      <div className="flex items-start justify-between gap-3 text-sm">
        <div className="min-w-0">
          <ItemList order={order} />
        </div>
        <div className="shrink-0 text-right tabular-nums">
          <Totals order={order} />
        </div>
      </div>
      <div className="text-sm">
        <Customer order={order} />
      </div>
      <DetailsButton {...props} className="w-full" />
      {open && (
        <div className="-mx-3 -mb-3 rounded-b-2xl bg-slate-50 dark:bg-slate-900/60">
          <OrderDetail orderId={order.id} />
        </div>
      )}
    </li>
  );
}

/** The view in the address (`?view=`), or the one an older `?status=` link belongs to, or "needs action". */
function viewFrom(params: URLSearchParams, status: OrderStatus | undefined): OrderView {
  const view = OrderViewSchema.safeParse(params.get('view')).data;
  if (view !== undefined) return view;
  return status === undefined ? DEFAULT_VIEW : viewOfStatus(status);
}

function viewSearch(view: OrderView, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...(view === DEFAULT_VIEW ? {} : { view }), ...extra }).toString();
  return search === '' ? '' : `?${search}`;
}

/** A tab's count, as a shop admin shows it: a badge, read as "Needs action 3 orders". */
function ViewCount({ count }: { count: number }) {
  // The space keeps the name and the count two words for the accessible name (a flex item drops it on screen).
  return (
    <>
      {' '}
      <span className="tab-count">
        {count} <span className="sr-only">{count === 1 ? 'order' : 'orders'}</span>
      </span>
    </>
  );
}

/**
 * /orders (admins): the orders that need action first (paid, needs refund), the rest under tabs
 * (abandoned checkouts apart), newest first, with details, shipping, refunds and CSV export. A table
 * from 640 px, one card per order below. Above them, any e-mails that could not be sent (dead
 * letters), to send again.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  // `?status=` narrows a view to one status (links from before the tabs, e-mails, bookmarks).
  const status = OrderStatusSchema.safeParse(params.get('status')).data;
  const view = viewFrom(params, status);
  const orders = useOrders(Number.isFinite(requested) ? requested : 1, view, status);
  const counts = useOrderCounts().data;
  const [openId, setOpenId] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 640px)', true);
  const data = orders.data;
  const last = data === undefined ? 1 : lastPage(data.total, data.pageSize);
  const filter = { ...(view === DEFAULT_VIEW ? {} : { view }), ...(status === undefined ? {} : { status }) };
  const goTo = (page: number) => setParams({ ...(page === 1 ? {} : { page: String(page) }), ...filter });
  const exportSearch = new URLSearchParams(filter).toString();
  const exportUrl = `${buildPath(exportOrders.path)}${exportSearch === '' ? '' : `?${exportSearch}`}`;
  const toggle = (id: string) => setOpenId(openId === id ? null : id);

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="page-title mb-0">Orders</h1>
        <a className="btn-secondary" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      <DeadLetters />
      <nav aria-label="Order views" className="-mt-2">
        <ul className="segmented">
          {(Object.keys(ORDER_VIEWS) as OrderView[]).map((value) => (
            <li key={value}>
              <Link className="segmented-item" to={viewSearch(value)} aria-current={value === view ? 'page' : undefined}>
                {VIEW_LABELS[value]}
                {counts !== undefined && <ViewCount count={counts[value]} />}
              </Link>
            </li>
          ))}
        </ul>
        {status !== undefined && (
          <p className="mt-2 text-sm">
            Only “{STATUS_LABELS[status]}”.{' '}
            <Link className="font-semibold underline" to={viewSearch(view)}>
              Show all of “{VIEW_LABELS[view]}”
            </Link>
          </p>
        )}
      </nav>
      <div className={wide ? 'card overflow-x-auto p-2' : 'flex flex-col gap-3'}>
        {orders.isPending && <p className="p-3">Loading orders…</p>}
        {orders.isError && (
          <p className="alert-error" role="alert">
            The orders could not be loaded. Please try again shortly.
          </p>
        )}
        {data !== undefined && data.items.length === 0 && (
          <p className={wide ? 'p-3' : 'card p-3'}>{status === undefined ? VIEW_EMPTY[view] : 'No orders with this status.'}</p>
        )}
        {data !== undefined && data.items.length > 0 && !wide && (
          <ul aria-label="Orders, newest first" className="flex flex-col gap-3">
            {data.items.map((order) => (
              <OrderCard key={order.id} order={order} open={openId === order.id} onToggle={() => toggle(order.id)} />
            ))}
          </ul>
        )}
        {data !== undefined && data.items.length > 0 && wide && (
          <table className="w-full text-left">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr>
                {['Date', 'Status', 'Items', 'Total', 'Customer', 'Actions'].map((heading) => (
                  <th
                    key={heading}
                    scope="col"
                    className={`px-3 py-2 text-sm font-semibold text-slate-600 dark:text-slate-300 ${heading === 'Total' ? 'text-right' : ''}`}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((order) => (
                <Fragment key={order.id}>
                  <OrderRow order={order} open={openId === order.id} onToggle={() => toggle(order.id)} />
                  {openId === order.id && (
                    <tr>
                      <td colSpan={6} className="bg-slate-50 dark:bg-slate-900/60">
                        <OrderDetail orderId={order.id} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data !== undefined && last > 1 && (
        <nav aria-label="Order pages" className="flex items-center justify-center gap-4">
          <button type="button" className="btn-secondary" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
            Previous
          </button>
          <span>
            Page {data.page} of {last}
          </span>
          <button type="button" className="btn-secondary" disabled={data.page >= last} onClick={() => goTo(data.page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

export { OrdersPage as Component };
