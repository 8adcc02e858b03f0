import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getProduct, type Product, type ProductPage } from '../../../shared/products';
import { callApi } from '../../lib/api-client';
import { productsQueryKey } from './use-products-page';

/** One product, fresh from the server (stock changes); the list's copy shows meanwhile. */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  const fromList = queryClient
    .getQueriesData<ProductPage>({ queryKey: [...productsQueryKey, 'page'] })
    .flatMap(([, page]) => page?.items ?? [])
    .find((product) => product.id === id);
  return useQuery({
    queryKey: [...productsQueryKey, 'detail', id],
    queryFn: ({ signal }): Promise<Product> => callApi(getProduct, { params: { id }, signal }),
    placeholderData: fromList,
    staleTime: 0,
    retry: false,
  });
}
