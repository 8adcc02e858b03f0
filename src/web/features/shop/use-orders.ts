import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countOrders,
  getOrder,
  orderNumber,
  listOrders,
  refundOrder,
  shipOrder,
  statusesOf,
  type AdminOrder,
  type AdminOrderDetail,
  type OrderPage,
  type OrderStatus,
  type OrderView,
  type RefundOrderBody,
  type ShipOrderBody,
} from '../../../shared/orders';
import { callApi } from '../../lib/api-client';
import { formatUsd } from '../../../domain/format';
import { showToast } from '../../components/toast';
import { orderFromWire, wireCents, type InCents } from './wire';

const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (page: number, view: OrderView, status: OrderStatus | undefined) => ['orders', 'list', page, view, status ?? 'any'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  counts: ['orders', 'counts'] as const,
};

/** Admins: a page of orders of one view, newest first, optionally of one status. */
export function useOrders(page: number, view: OrderView, status?: OrderStatus) {
  return useQuery({
    queryKey: orderKeys.list(page, view, status),
    queryFn: async ({ signal }) => {
      const answer = await callApi(listOrders, { query: { page, view, ...(status === undefined ? {} : { status }) }, signal });
      return { ...answer, items: answer.items.map(orderFromWire) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Admins: how many orders each view holds (the tabs' counts). */
export function useOrderCounts() {
  return useQuery({
    queryKey: orderKeys.counts,
    queryFn: ({ signal }) => callApi(countOrders, { signal }),
    staleTime: 0,
  });
}

/** Admins: one order with its timeline. */
export function useOrderDetail(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => orderFromWire(await callApi(getOrder, { params: { id }, signal })),
    staleTime: 0,
  });
}

type OrderListPage = Omit<OrderPage, 'items'> & { items: InCents<AdminOrder>[] };
type OrderListKey = ReturnType<typeof orderKeys.list>;

/**
 * Ship and refund. The answer (the order as it is now) replaces the order's detail, and the
 * order moves to its new tab without a reload (decision 192): in every cached list it still
 * belongs to (its view and status filter) its row is replaced in place; from every other list it
 * is taken out at once. The lists are then read again (the one on screen now, to fill its page;
 * the others when shown), and the tabs' counts too.
 */
export function useOrderActions(id: string) {
  const queryClient = useQueryClient();
  const applied = (answer: AdminOrderDetail) => {
    const updated = orderFromWire(answer);
    queryClient.setQueryData(orderKeys.detail(id), updated);
    for (const [key, page] of queryClient.getQueriesData<OrderListPage>({ queryKey: orderKeys.lists })) {
      if (page === undefined || !page.items.some((order) => order.id === id)) continue;
      const [, , , view, status] = key as OrderListKey;
      const belongs = statusesOf({ view, status: status === 'any' ? undefined : status }).includes(updated.status);
      queryClient.setQueryData<OrderListPage>(
        key,
        belongs
          ? { ...page, items: page.items.map((order) => (order.id === id ? updated : order)) }
          : { ...page, items: page.items.filter((order) => order.id !== id), total: Math.max(0, page.total - 1) },
      );
    }
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
  };
  // The toast is shown here, not by the form: the form is gone once the order has moved on.
  const ship = useMutation({
    mutationFn: (body: ShipOrderBody) => callApi(shipOrder, { params: { id }, body }),
    onSuccess: (answer) => {
      applied(answer);
      showToast(`Order ${orderNumber(id)} marked shipped`);
    },
  });
  const refund = useMutation({
    mutationFn: async (body: RefundOrderBody) => {
      const before = queryClient.getQueryData<InCents<AdminOrderDetail>>(orderKeys.detail(id))?.refundedCents ?? 0;
      return { answer: await callApi(refundOrder, { params: { id }, body }), before };
    },
    onSuccess: ({ answer, before }) => {
      applied(answer);
      const back = formatUsd(wireCents(answer.refunded) - before);
      showToast(
        answer.status === 'refunded'
          ? `Order ${orderNumber(id)} refunded: ${back} back to the customer`
          : `Order ${orderNumber(id)} partly refunded: ${back} back to the customer`,
      );
    },
  });
  return { ship, refund };
}
