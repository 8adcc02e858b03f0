import { useSearchParams } from 'react-router';
import { ShopHeading } from '../../../ui/page-intros';
import { PRODUCT_TILE_CLASSES } from '../../../ui/product-tile';
import { CartPanel } from './cart-panel';
import { ProductDetailsModal } from './product-details-modal';
import { PRODUCT_PARAM, ProductList } from './product-list';
import { loaderOf, type PagePrefetch } from '../../lib/page-data';
import { prefetchProductsPage } from './use-products-page';

export function ShopPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const productId = searchParams.get(PRODUCT_PARAM);
  const closeDetails = () =>
    setSearchParams(
      (params) => {
        params.delete(PRODUCT_PARAM);
        return params;
      },
      { replace: true },
    );
  return (
    <>
      <ShopHeading />
      <div className={PRODUCT_TILE_CLASSES.page}>
        <ProductList />
        <CartPanel />
      </div>
      {productId !== null && <ProductDetailsModal key={productId} productId={productId} onClose={closeDetails} />}
    </>
  );
}

export const prefetch: PagePrefetch = prefetchProductsPage;
export const loader = loaderOf(prefetch);
export { ShopPage as Component };
