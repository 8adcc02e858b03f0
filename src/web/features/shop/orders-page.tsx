import { Fragment, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatUsd } from '../../../domain/format';
import { optionsText } from '../../../domain/product-options';
import { lastPage } from '../../../domain/paging';
import { buildPath } from '../../../shared/contract';
import { exportOrders, orderNumber, ORDER_STATUSES, OrderStatusSchema, type AdminOrder, type OrderStatus } from '../../../shared/orders';
import { FormField } from '../../components/form-field';
import { DeadLetters } from './dead-letters';
import { OrderDetail } from './order-detail';
import { STATUS_LABELS } from './order-summary';
import { useOrders } from './use-orders';
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

function OrderRow({ order, open, onToggle }: { order: InCents<AdminOrder>; open: boolean; onToggle: () => void }) {
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-testid="order-row">
      <td className="px-3 py-2 text-sm whitespace-nowrap">
        <time dateTime={order.createdAt}>{dateFormatter.format(new Date(order.createdAt))}</time>
        <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{orderNumber(order.id)}</div>
      </td>
      <td className="px-3 py-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASSES[order.status]}`}>
          {STATUS_LABELS[order.status]}
        </span>
      </td>
      <td className="px-3 py-2 text-sm">
        <ul>
          {order.items.map((item, index) => {
            const options = optionsText(item);
            return (
              <li key={index}>
                {item.quantity} × {item.productName}
                {options === '' ? '' : ` (${options})`}{' '}
                <span className="text-slate-500 dark:text-slate-400">@ {formatUsd(item.unitPriceCents)}</span>
              </li>
            );
          })}
        </ul>
      </td>
      <td className="px-3 py-2 text-right text-sm tabular-nums">
        <div className="font-semibold">{formatUsd(order.totalCents)}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {formatUsd(order.subtotalCents)} + {order.deliveryCents === 0 ? 'free delivery' : formatUsd(order.deliveryCents)} +{' '}
          {formatUsd(order.taxCents)} tax
        </div>
      </td>
      <td className="px-3 py-2 text-sm">
        <div>{order.customerEmail ?? '—'}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">{order.provider === 'test' ? 'Test provider' : 'Stripe'}</div>
      </td>
      <td className="px-3 py-2">
        <button type="button" className="btn-secondary" aria-expanded={open} onClick={onToggle}>
          {open ? 'Hide details' : 'Details'}
          <span className="sr-only"> of order {orderNumber(order.id)}</span>
        </button>
      </td>
    </tr>
  );
}

/**
 * /orders (admins): orders newest first, filtered by status, with details, shipping, refunds and CSV
 * export; above them, any e-mails that could not be sent (dead letters), to send again.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const status = OrderStatusSchema.safeParse(params.get('status')).data;
  const orders = useOrders(Number.isFinite(requested) ? requested : 1, status);
  const [openId, setOpenId] = useState<string | null>(null);
  const statusId = useId();
  const data = orders.data;
  const last = data === undefined ? 1 : lastPage(data.total, data.pageSize);
  const goTo = (page: number) => setParams({ ...(page === 1 ? {} : { page: String(page) }), ...(status === undefined ? {} : { status }) });
  const exportUrl = `${buildPath(exportOrders.path)}${status === undefined ? '' : `?status=${status}`}`;

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="page-title mb-0">Orders</h1>
        <div className="flex flex-wrap items-center gap-2">
          <FormField id={statusId} label="Status" inline>
            <select
              id={statusId}
              className="input w-auto"
              value={status ?? ''}
              onChange={(event) => setParams(event.target.value === '' ? {} : { status: event.target.value })}
            >
              <option value="">All</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </FormField>
          <a className="btn-secondary" href={exportUrl} download>
            Export CSV
          </a>
        </div>
      </div>
      <DeadLetters />
      <div className="card overflow-x-auto p-2">
        {orders.isPending && <p className="p-3">Loading orders…</p>}
        {orders.isError && (
          <p className="alert-error" role="alert">
            The orders could not be loaded. Please try again shortly.
          </p>
        )}
        {data !== undefined && data.items.length === 0 && (
          <p className="p-3">{status === undefined ? 'No orders yet.' : 'No orders with this status.'}</p>
        )}
        {data !== undefined && data.items.length > 0 && (
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
                  <OrderRow order={order} open={openId === order.id} onToggle={() => setOpenId(openId === order.id ? null : order.id)} />
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
