import { PRODUCT_NAME } from '../../../shared/product';

export function HomePage() {
  return <h1 className="page-title">{PRODUCT_NAME} boards</h1>;
}

export { HomePage as Component };
