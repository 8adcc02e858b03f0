import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';
import { paths } from '../../lib/paths';

export function CancelPage() {
  return (
    <section className="card mx-auto max-w-xl p-8 text-center">
      <h1 className="page-title text-rose-500">Payment Cancelled</h1>
      <p className="mb-2 text-lg">Your payment was cancelled.</p>
      <p className="mb-6">Try again or just keep browsing {PRODUCT_NAME}!</p>
      <Link to={paths.shop} className="btn-primary">
        Back to the shop
      </Link>
    </section>
  );
}

export { CancelPage as Component };
