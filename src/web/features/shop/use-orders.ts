import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countOrders,
  getOrder,
  orderNumber,
  listOrders,
  refundOrder,
  shipOrder,
  type AdminOrder,
  type AdminOrderDetail,
  type OrderPage,
  type OrderStatus,
  type OrderView,
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

/**
 * Ship and refund. The answer (the order as it is now) replaces the order where it is shown: its
 * detail and its row in every cached list, so the row stays in place with its new status — even
 * under a status filter it no longer matches — until the list is refreshed. Other lists are only
 * marked stale; the tabs' counts are fetched again.
 */
export function useOrderActions(id: string) {
  const queryClient = useQueryClient();
  const applied = (answer: AdminOrderDetail) => {
    const updated = orderFromWire(answer);
    queryClient.setQueryData(orderKeys.detail(id), updated);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists, refetchType: 'none' });
    // The order moved to another view: the tabs' counts are read again now.
    void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
    queryClient.setQueriesData<OrderListPage>({ queryKey: orderKeys.lists }, (page) =>
      page === undefined ? page : { ...page, items: page.items.map((order) => (order.id === id ? updated : order)) },
    );
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
    mutationFn: () => callApi(refundOrder, { params: { id } }),
    onSuccess: (answer) => {
      applied(answer);
      showToast(`Order ${orderNumber(id)} refunded: ${formatUsd(wireCents(answer.total))} back to the customer`);
    },
  });
  return { ship, refund };
}
