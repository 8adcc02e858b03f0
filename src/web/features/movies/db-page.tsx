import { PRODUCT_NAME } from '../../../shared/product';

export function DbPage() {
  return <h1 className="page-title">{PRODUCT_NAME} DB</h1>;
}

export { DbPage as Component };
