import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { lastPage as lastPageOf } from '../../../domain/paging';
import { Icon } from '../../../ui/icon';
import { useOnline } from '../../lib/use-online';
import { PRODUCT_TILE_CLASSES, ProductTile, SHOP_FIRST_ROW } from '../../../ui/product-tile';
import { PAGE_PARAM, requestedPage, useProductsPage } from './use-products-page';

export const PRODUCT_PARAM = 'product';

/** The paged catalogue; the page lives in the URL (`?page=2`) and is clamped to 1..last by the server. */
export function ProductList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = requestedPage(searchParams.get(PAGE_PARAM));
  const query = useProductsPage(requested);
  const online = useOnline();
  const data = query.isError ? undefined : query.data;
  const page = data?.page ?? 1;
  const lastPage = data === undefined ? 1 : lastPageOf(data.total, data.pageSize);

  // Keep the URL honest when the server clamped an out-of-range page.
  const served = query.data?.page;
  useEffect(() => {
    if (served === undefined || query.isPlaceholderData || served === requested) return;
    setSearchParams(
      (params) => {
        params.set(PAGE_PARAM, String(served));
        return params;
      },
      { replace: true },
    );
  }, [served, requested, query.isPlaceholderData, setSearchParams]);

  const goTo = (next: number) =>
    setSearchParams((params) => {
      params.set(PAGE_PARAM, String(next));
      return params;
    });
  const open = (id: string) =>
    setSearchParams(
      (params) => {
        params.set(PRODUCT_PARAM, id);
        return params;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="products-heading">
      <h2 id="products-heading" className="sr-only">
        Products
      </h2>
      {!online && data === undefined ? (
        <div className="card flex flex-col items-center gap-2 p-8 text-center" role="status">
          <Icon name="info" className="text-3xl text-sky-600 dark:text-sky-300" />
          <p className="font-semibold">The shop needs a connection.</p>
          <p className="text-slate-600 dark:text-slate-300">
            Your cart is kept on this device. The products come back when you are online.
          </p>
        </div>
      ) : query.isPending ? (
        <p className="card p-8 text-center text-slate-500 dark:text-slate-400" role="status">
          Loading products…
        </p>
      ) : data === undefined || data.items.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-slate-600 dark:text-slate-400">No products to show right now.</p>
          {query.isError && (
            <button type="button" className="btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Retry
            </button>
          )}
        </div>
      ) : (
        <ul className={`${PRODUCT_TILE_CLASSES.list} ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData}>
          {data.items.map((product, index) => (
            <li key={product.id}>
              <ProductTile product={product} onOpen={() => open(product.id)} eager={index < SHOP_FIRST_ROW} />
            </li>
          ))}
        </ul>
      )}
      {/* Offline, other pages cannot load: no pagination. */}
      {online && (
        <nav aria-label="Product pages" className="mt-5 flex items-center justify-between gap-3">
          <button type="button" className="btn-secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
            <Icon name="chevron_left" />
            Previous
          </button>
          <p className="text-sm font-semibold whitespace-nowrap text-slate-600 dark:text-slate-400" aria-live="polite">
            Page {page} of {lastPage}
          </p>
          <button type="button" className="btn-secondary" onClick={() => goTo(page + 1)} disabled={page >= lastPage}>
            Next
            <Icon name="chevron_right" />
          </button>
        </nav>
      )}
    </section>
  );
}
