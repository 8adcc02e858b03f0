import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOrders } from '../../../shared/orders';
import { callApi } from '../../lib/api-client';

/** Admins: a page of orders, newest first. */
export function useOrders(page: number) {
  return useQuery({
    queryKey: ['orders', 'list', page],
    queryFn: ({ signal }) => callApi(listOrders, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
