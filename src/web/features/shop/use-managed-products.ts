import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createProduct, listManagedProducts, replaceProductImage, updateProduct, type ProductUpdateInput } from '../../../shared/products';
import { callApi } from '../../lib/api-client';
import { productsQueryKey } from './use-products-page';
import { productFromWire } from './wire';

const managedKey = [...productsQueryKey, 'managed'] as const;

/** Staff: every product, archived ones included. */
export function useManagedProducts() {
  return useQuery({
    queryKey: managedKey,
    queryFn: async ({ signal }) => {
      const answer = await callApi(listManagedProducts, { signal });
      return { ...answer, items: answer.items.map(productFromWire) };
    },
    staleTime: 0,
  });
}

/** Any change to a product refreshes the shop's lists too. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productsQueryKey });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (form: FormData) => callApi(createProduct, { form }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProductUpdateInput }) => callApi(updateProduct, { params: { id }, body: changes }),
    onSuccess: invalidate,
  });
}

export function useReplaceProductImage() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: File }) => {
      const form = new FormData();
      form.append('image', image);
      return callApi(replaceProductImage, { params: { id }, form });
    },
    onSuccess: invalidate,
  });
}
