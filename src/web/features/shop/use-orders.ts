import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getOrder, listOrders, refundOrder, shipOrder, type OrderStatus, type ShipOrderBody } from '../../../shared/orders';
import { callApi } from '../../lib/api-client';
import { orderFromWire } from './wire';

const orderKeys = {
  all: ['orders'] as const,
  list: (page: number, status: OrderStatus | undefined) => ['orders', 'list', page, status ?? 'all'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** Admins: a page of orders, newest first, optionally of one status. */
export function useOrders(page: number, status?: OrderStatus) {
  return useQuery({
    queryKey: orderKeys.list(page, status),
    queryFn: async ({ signal }) => {
      const answer = await callApi(listOrders, { query: { page, ...(status === undefined ? {} : { status }) }, signal });
      return { ...answer, items: answer.items.map(orderFromWire) };
    },
    placeholderData: keepPreviousData,
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

/** Ship and refund; both refresh every order view. */
export function useOrderActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
  const ship = useMutation({ mutationFn: (body: ShipOrderBody) => callApi(shipOrder, { params: { id }, body }), onSuccess: refresh });
  const refund = useMutation({ mutationFn: () => callApi(refundOrder, { params: { id } }), onSuccess: refresh });
  return { ship, refund };
}
