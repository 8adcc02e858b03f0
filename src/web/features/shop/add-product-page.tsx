import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../components/toast';
import { paths } from '../../lib/paths';
import { ManagedProductList } from './managed-product-list';
import { ProductForm } from './product-form';
import { useCreateProduct } from './use-managed-products';

/** Staff: add a product, and edit, archive or unarchive the existing ones. */
export function AddProductPage() {
  const create = useCreateProduct();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <h1 className="page-title mb-0">Add product</h1>
      <section aria-labelledby="new-product-heading" className="card p-5 sm:p-6">
        <h2 id="new-product-heading" className="mb-4 text-xl font-bold">
          New product
        </h2>
        {created !== null && (
          <p role="status" className="alert-success mb-4">
            {created} was added to the shop.{' '}
            <Link to={paths.shop} className="font-semibold underline underline-offset-4">
              View the shop
            </Link>
          </p>
        )}
        <ProductForm
          submitLabel="Add product"
          resetOnSuccess
          onSubmit={async (values, image) => {
            setCreated(null);
            const form = new FormData();
            for (const [name, value] of Object.entries(values)) form.append(name, String(value));
            if (image !== null) form.append('image', image);
            const product = await create.mutateAsync(form);
            setCreated(product.productName);
            showToast(`Product “${product.productName}” added to the shop`);
          }}
        />
      </section>
      <ManagedProductList />
    </div>
  );
}

export { AddProductPage as Component };
