import { useSearchParams } from 'react-router';
import { dollarsToCents, formatUsd } from '../../../domain/format';
import type { AdminOrder, OrderStatus } from '../../../shared/orders';
import { itemOptions, STATUS_LABELS } from './order-summary';
import { useOrders } from './use-orders';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  needs_refund: 'bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200',
};

const dateFormatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const money = (dollars: number) => formatUsd(dollarsToCents(dollars) ?? 0);

function OrderRow({ order }: { order: AdminOrder }) {
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-testid="order-row">
      <td className="px-3 py-2 text-sm whitespace-nowrap">
        <time dateTime={order.createdAt}>{dateFormatter.format(new Date(order.createdAt))}</time>
        <div className="font-mono text-xs text-slate-500">{order.id.slice(0, 8)}</div>
      </td>
      <td className="px-3 py-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASSES[order.status]}`}>
          {STATUS_LABELS[order.status]}
        </span>
      </td>
      <td className="px-3 py-2 text-sm">
        <ul>
          {order.items.map((item, index) => {
            const options = itemOptions(item);
            return (
              <li key={index}>
                {item.quantity} × {item.productName}
                {options === '' ? '' : ` (${options})`} <span className="text-slate-500">@ {money(item.unitPrice)}</span>
              </li>
            );
          })}
        </ul>
      </td>
      <td className="px-3 py-2 text-right text-sm tabular-nums">
        <div className="font-semibold">{money(order.total)}</div>
        <div className="text-xs text-slate-500">
          {money(order.subtotal)} + {order.delivery === 0 ? 'free delivery' : money(order.delivery)} + {money(order.tax)} tax
        </div>
      </td>
      <td className="px-3 py-2 text-sm">
        <div>{order.customerEmail ?? '—'}</div>
        <div className="text-xs text-slate-500">{order.provider === 'test' ? 'Test provider' : 'Stripe'}</div>
      </td>
    </tr>
  );
}

/** /orders (admins): every order, newest first, with status, totals and items. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const orders = useOrders(Number.isFinite(requested) ? requested : 1);
  const data = orders.data;
  const last = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / data.pageSize));
  const goTo = (page: number) => setParams(page === 1 ? {} : { page: String(page) });

  return (
    <section className="flex flex-col gap-6">
      <h1 className="page-title">Orders</h1>
      <div className="card overflow-x-auto p-2">
        {orders.isPending && <p className="p-3">Loading orders…</p>}
        {orders.isError && (
          <p className="alert-error" role="alert">
            The orders could not be loaded. Please try again shortly.
          </p>
        )}
        {data !== undefined && data.items.length === 0 && <p className="p-3">No orders yet.</p>}
        {data !== undefined && data.items.length > 0 && (
          <table className="w-full text-left">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr>
                {['Date', 'Status', 'Items', 'Total', 'Customer'].map((heading) => (
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
                <OrderRow key={order.id} order={order} />
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
