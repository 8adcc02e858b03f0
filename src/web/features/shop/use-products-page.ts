import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shopPageQuery } from '../../../shared/catalogue';
import type { ProductPage } from '../../../shared/products';
import { callApi } from '../../lib/api-client';
import { queryClient } from '../../lib/query-provider';
import { listProducts } from './first-load-products';
import { productFromWire, type ShopProduct } from './wire';

export type ShopProductPage = Omit<ProductPage, 'items'> & { items: ShopProduct[] };

export const productsQueryKey = ['products'] as const;

/** The shop's page number lives in the URL (`?page=2`). */
export const PAGE_PARAM = 'page';

export function requestedPage(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) ? page : 1;
}

/**
 * One page of the catalogue. A failure is logged (the specification treats it as an empty
 * list); the page shows a retry button.
 */
function productsPageQuery(page: number) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'page', page],
    queryFn: async ({ signal }): Promise<ShopProductPage> => {
      try {
        const answer = await callApi(listProducts, { query: shopPageQuery(page), signal });
        return { ...answer, items: answer.items.map(productFromWire) };
      } catch (error) {
        console.error('Error loading products', error);
        throw error;
      }
    },
    retry: false,
  });
}

/** The page's list; a failure the route loader met stays shown (with Retry) instead of refetching on mount. */
export function useProductsPage(page: number) {
  return useQuery({ ...productsPageQuery(page), placeholderData: keepPreviousData, retryOnMount: false });
}

/**
 * Starts loading the catalogue page the URL asks for (the shop's first paint waits for it, so the
 * list does not push the cart down when it arrives). Never throws: a failure shows on the page.
 */
export async function prefetchProductsPage(url: URL): Promise<void> {
  await queryClient.prefetchQuery(productsPageQuery(requestedPage(url.searchParams.get(PAGE_PARAM))));
}
