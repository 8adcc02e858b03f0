import { useState } from 'react';
import { formatUsd } from '../../../domain/format';
import { Icon } from '../../../ui/icon';
import { Modal } from '../../components/modal';
import { showToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { ProductForm, valuesOf } from './product-form';
import { useManagedProducts, useReplaceProductImage, useUpdateProduct } from './use-managed-products';
import type { ManagedProduct } from './wire';

function optionSummary(product: ManagedProduct): string {
  const parts = [
    product.shirtSizes.length > 0 ? `Sizes ${product.shirtSizes.join(', ')}` : null,
    product.shirtColors.length > 0 ? `Colors ${product.shirtColors.join(', ')}` : null,
    product.vinylColors.length > 0 ? `Vinyl ${product.vinylColors.join(', ')}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'No options';
}

function EditProductModal({ product, onClose }: { product: ManagedProduct; onClose: () => void }) {
  const update = useUpdateProduct();
  const replaceImage = useReplaceProductImage();
  return (
    <Modal name="editProduct" title={`Edit ${product.productName}`} open onClose={onClose} size="lg">
      <ProductForm
        initial={valuesOf(product)}
        submitLabel="Save changes"
        imageHint="Leave empty to keep the current picture."
        onSubmit={async (values, image) => {
          await update.mutateAsync({ id: product.id, changes: values });
          if (image !== null) await replaceImage.mutateAsync({ id: product.id, image });
          showToast(`Product “${values.productName}” saved`);
          onClose();
        }}
      />
    </Modal>
  );
}

function ProductRow({ product, onEdit }: { product: ManagedProduct; onEdit: () => void }) {
  const update = useUpdateProduct();
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    update.mutate(
      { id: product.id, changes: { isActive: !product.isActive } },
      {
        onSuccess: () =>
          showToast(
            product.isActive ? `Product “${product.productName}” archived` : `Product “${product.productName}” is back in the shop`,
          ),
        onError: (caught) => setError(errorMessage(caught, 'Could not save. Please try again.')),
      },
    );
  };
  return (
    <li className={`flex flex-wrap items-center gap-3 py-3 ${product.isActive ? '' : 'opacity-70'}`} data-testid="managed-product">
      <img
        src={product.imageURL}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-lg bg-slate-200 object-cover dark:bg-slate-800"
      />
      <div className="min-w-48 flex-1">
        <p className="font-semibold">
          {product.productName}{' '}
          <span
            className={`ml-1 rounded-full px-2 py-0.5 text-xs font-bold ${product.isActive ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}
          >
            {product.isActive ? 'Active' : 'Archived'}
          </span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span className="font-mono">{product.productCode}</span> · {formatUsd(product.priceCents)} · {product.quantityInStock} in stock
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{optionSummary(product)}</p>
        {error !== null && (
          <p role="alert" className="mt-1 text-sm font-semibold text-rose-600 dark:text-rose-400">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={onEdit} aria-label={`Edit ${product.productName}`}>
          <Icon name="edit" />
          Edit
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={toggle}
          disabled={update.isPending}
          aria-label={`${product.isActive ? 'Archive' : 'Unarchive'} ${product.productName}`}
        >
          {product.isActive ? 'Archive' : 'Unarchive'}
        </button>
      </div>
    </li>
  );
}

/** Every product, archived ones included, to edit, archive and unarchive. */
export function ManagedProductList() {
  const query = useManagedProducts();
  const [editing, setEditing] = useState<string | null>(null);
  const editingProduct = query.data?.items.find((product) => product.id === editing);
  return (
    <section aria-labelledby="managed-products-heading" className="card p-5 sm:p-6">
      <h2 id="managed-products-heading" className="text-xl font-bold">
        Products{' '}
        {query.data !== undefined && <span className="text-base font-normal text-slate-500 dark:text-slate-400">({query.data.total})</span>}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Archived products leave the shop; past orders keep them.</p>
      {query.isPending ? (
        <p role="status" className="py-6 text-slate-500 dark:text-slate-400">
          Loading products…
        </p>
      ) : query.isError ? (
        <div className="alert-error mt-3">
          <p role="alert">Could not load the products.</p>
          <button type="button" className="mt-2 font-semibold underline" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="py-6 text-slate-500 dark:text-slate-400">No products yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {query.data.items.map((product) => (
            <ProductRow key={product.id} product={product} onEdit={() => setEditing(product.id)} />
          ))}
        </ul>
      )}
      {editingProduct !== undefined && (
        <EditProductModal key={editingProduct.id} product={editingProduct} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
