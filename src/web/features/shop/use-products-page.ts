import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listProducts, SHOP_PAGE_SIZE, type ProductPage } from '../../../shared/products';
import { callApi } from '../../lib/api-client';
import { productFromWire, type ShopProduct } from './wire';

export type ShopProductPage = Omit<ProductPage, 'items'> & { items: ShopProduct[] };

export const productsQueryKey = ['products'] as const;

/**
 * One page of the catalogue. A failure is logged (the specification treats it as an empty
 * list); the page shows a retry button.
 */
export function useProductsPage(page: number) {
  return useQuery({
    queryKey: [...productsQueryKey, 'page', page],
    queryFn: async ({ signal }): Promise<ShopProductPage> => {
      try {
        const answer = await callApi(listProducts, { query: { page, pageSize: SHOP_PAGE_SIZE }, signal });
        return { ...answer, items: answer.items.map(productFromWire) };
      } catch (error) {
        console.error('Error loading products', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
