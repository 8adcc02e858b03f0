import { PRODUCT_NAME } from '../../../shared/product';

export function ShopPage() {
  return <h1 className="page-title">Shop {PRODUCT_NAME}</h1>;
}

export { ShopPage as Component };
