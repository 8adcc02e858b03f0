import { PRODUCT_NAME } from '../../../shared/product';

export function AboutPage() {
  return <h1 className="page-title">About {PRODUCT_NAME}</h1>;
}

export { AboutPage as Component };
