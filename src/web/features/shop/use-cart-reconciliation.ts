import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_LIMITS } from '../../../shared/catalogue';
import { callApi } from '../../lib/api-client';
import { reconcileStoredCart, type CartNotice } from './cart-actions';
import type { StoredCartLine } from './cart-store';
import { lookupProducts } from './first-load-products';
import { productsQueryKey } from './use-products-page';
import { productFromWire } from './wire';

/**
 * Checks the stored cart against the server whenever its set of products changes (and on every
 * visit): products that are gone or archived leave the cart, quantities above stock shrink, and
 * the shopper is told. A failed check changes nothing (the server checks again at checkout).
 */
export function useCartReconciliation(lines: readonly StoredCartLine[]) {
  const ids = [...new Set(lines.map((line) => line.productId))].sort().slice(0, PRODUCT_LIMITS.lookupIdsMax);
  const [notices, setNotices] = useState<CartNotice[]>([]);
  useQuery({
    queryKey: [...productsQueryKey, 'lookup', ids],
    queryFn: async ({ signal }) => {
      try {
        const { items } = await callApi(lookupProducts, { query: { ids: ids.join(',') }, signal });
        const changes = reconcileStoredCart(new Set(ids), new Map(items.map((product) => [product.id, productFromWire(product)])));
        if (changes.length > 0) setNotices((previous) => [...previous, ...changes]);
        return items;
      } catch (error) {
        console.error('Error checking the cart', error);
        throw error;
      }
    },
    enabled: ids.length > 0,
    staleTime: 0,
    retry: false,
  });
  return { notices, dismiss: () => setNotices([]) };
}
