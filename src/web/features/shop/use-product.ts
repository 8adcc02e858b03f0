import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { getProduct } from './first-load-products';
import { productsQueryKey, type ShopProductPage } from './use-products-page';
import { productFromWire, type ShopProduct } from './wire';

/** One product, fresh from the server (stock changes); the list's copy shows meanwhile. */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  const fromList = queryClient
    .getQueriesData<ShopProductPage>({ queryKey: [...productsQueryKey, 'page'] })
    .flatMap(([, page]) => page?.items ?? [])
    .find((product) => product.id === id);
  return useQuery({
    queryKey: [...productsQueryKey, 'detail', id],
    queryFn: async ({ signal }): Promise<ShopProduct> => productFromWire(await callApi(getProduct, { params: { id }, signal })),
    placeholderData: fromList,
    staleTime: 0,
    retry: false,
  });
}
