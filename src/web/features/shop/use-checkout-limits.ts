import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { checkoutLimits } from './first-load-products';

/**
 * The shop's caps (MAX_UNITS_PER_ORDER is configurable; decision 192): the cart and the product
 * window offer no more units than one order may hold. Until the answer is in, only the stock
 * limits what is offered; the server checks the caps at checkout all the same. An empty cart
 * asks nothing (`enabled`).
 */
export function useMaxUnitsPerOrder({ enabled = true }: { enabled?: boolean } = {}): number {
  const limits = useQuery({
    queryKey: ['checkout', 'limits'],
    queryFn: ({ signal }) => callApi(checkoutLimits, { signal }),
    staleTime: Infinity,
    enabled,
  });
  return limits.data?.maxUnitsPerOrder ?? Number.POSITIVE_INFINITY;
}
